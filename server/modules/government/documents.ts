import { asc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { GovernmentDocument, governmentDocumentInputSchema } from '@/lib/contracts/government'
import { MAX_DOCUMENTS_PER_ENTITY } from '@/lib/contracts/government-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { governmentDocuments, users } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { deleteStoredFile } from '@/server/records/attachable-file'
import { addToEntity, GOVERNMENT_OFFICERS, lockActiveEntity, type OfficerAddition } from './government-access'
import { attachableGovernmentFile, governmentFileSummaries } from './government-files'

type DocumentRow = typeof governmentDocuments.$inferSelect

async function shaped(db: Executor, rows: DocumentRow[]): Promise<GovernmentDocument[]> {
  const filesById = await governmentFileSummaries(
    db,
    rows.map((r) => r.fileId),
  )
  const uploaderIds = [...new Set(rows.map((r) => r.uploadedBy).filter((x): x is string => !!x))]
  const names = new Map(
    uploaderIds.length
      ? (
          await db
            .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(inArray(users.id, uploaderIds))
        ).map((u) => [u.id, `${u.firstName} ${u.lastName}`.trim()])
      : [],
  )
  return rows.flatMap((r) => {
    const file = filesById.get(r.fileId)
    if (!file) return []
    return [
      {
        id: r.id,
        entityId: r.entityId,
        type: r.type,
        label: r.label,
        file,
        uploadedBy: (r.uploadedBy && names.get(r.uploadedBy)) || null,
        createdAt: r.createdAt.toISOString(),
      },
    ]
  })
}

export async function findDocumentsOf(db: Executor, entityId: string) {
  const rows = await db
    .select()
    .from(governmentDocuments)
    .where(eq(governmentDocuments.entityId, entityId))
    .orderBy(asc(governmentDocuments.createdAt), asc(governmentDocuments.id))
  return shaped(db, rows)
}

/** `POST /government/document`: attaches a confirmed GOVERNMENT_DOCUMENT upload to an active entity. */
export async function createDocument(options: OfficerAddition<z.output<typeof governmentDocumentInputSchema>>) {
  const { input } = options
  const row = await addToEntity(options, {
    table: governmentDocuments,
    children: governmentDocuments.entityId,
    max: MAX_DOCUMENTS_PER_ENTITY,
    noun: 'documents',
    resource: 'government_document',
    check: (tx) => attachableGovernmentFile(tx, { fileId: input.fileId, field: 'fileId' }).then(() => undefined),
    values: {
      entityId: input.entityId,
      type: input.type,
      label: input.label ?? null,
      fileId: input.fileId,
      uploadedBy: options.actor.userId,
    },
  })
  return (await shaped(options.db, [row]))[0]!
}

async function getRow(db: Executor, id: string) {
  const [row] = await db.select().from(governmentDocuments).where(eq(governmentDocuments.id, id))
  if (!row) throw notFound('Document')
  return row
}

/** `GET /government/document/{id}`. */
export async function getDocument(options: { db: Executor; actor: Actor; id: string }) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  const [document] = await shaped(options.db, [await getRow(options.db, options.id)])
  if (!document) throw notFound('Document')
  return document
}

/** `DELETE /government/document/{id}`: the document and its stored file; an archived entity's stay (409). */
export async function deleteDocument(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor, id } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const deleted = await db.transaction(async (tx) => {
    const current = await getRow(tx, id)
    await lockActiveEntity(tx, current.entityId)
    const [row] = await tx.delete(governmentDocuments).where(eq(governmentDocuments.id, id)).returning()
    if (!row) throw notFound('Document')
    await appendAudit(tx, options.audit, { resource: 'government_document', resourceId: id, action: 'DELETE', before: row })
    return row
  })
  await deleteStoredFile(db, deleted.fileId, options.audit)
}
