import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { attachKycDocumentSchema, DocumentTypeOwner } from '@/lib/contracts/kyc-documents'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import {
  deferrals,
  kycDetails,
  kycDocuments,
  kycDocumentTypes,
  shareholders,
  type KycDocumentType,
  type Shareholder,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { deferralAuditView } from '@/server/modules/deferrals/deferral-view'
import { shareholderName } from '@/server/modules/kyc/kyc-capture-gaps'
import { assertKycEditable, kycWriteTransaction } from '@/server/modules/kyc/kyc-edit-access'
import { deleteStoredFile, getAttachableFile } from '@/server/records/attachable-file'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { uploadsAreScanned } from '@/server/records/malware-scan'
import { checklistItemsOf, shareholderChecklistsOf, shareholderKindOf } from './document-rules'
import { loadDocumentState } from './document-state'
import { documentAuditView, selectKycDocuments, toKycDocument } from './document-view'

async function kycDetailsOrThrow(db: Executor, kycDetailsId: string) {
  const [details] = await db
    .select({ id: kycDetails.id, businessId: kycDetails.businessId })
    .from(kycDetails)
    .where(eq(kycDetails.id, kycDetailsId))
  if (!details) throw new AppError('NOT_FOUND', 'KYC record not found')
  return details
}

/** Reading a business's documents and checklist: its users or staff holding this. Writes: the KYC edit check. */
export const DOCUMENTS_READ = PERMISSIONS.CAN_READ_BUSINESS

/** `GET /kyc/documents/{kycDetailsId}?typeOwner=`: the current documents of a KYC record. */
export async function findKycDocuments(options: {
  db: Executor
  actor: Actor
  kycDetailsId: string
  typeOwner?: DocumentTypeOwner
}) {
  const { db } = options
  const details = await kycDetailsOrThrow(db, options.kycDetailsId)
  await getBusinessRowOrThrow({ db, actor: options.actor, id: details.businessId, permission: DOCUMENTS_READ })
  const rows = await selectKycDocuments(
    db,
    and(
      eq(kycDocuments.kycDetailsId, details.id),
      isNull(kycDocuments.supersededAt),
      options.typeOwner ? eq(kycDocumentTypes.typeOwner, options.typeOwner) : undefined,
    ),
  ).orderBy(asc(kycDocumentTypes.name))
  return rows.map(toKycDocument)
}

/** `GET /kyc/document-checklist/{businessId}`: the class's documents with where each stands (document page, preview). */
export async function getDocumentChecklist(options: { db: Executor; actor: Actor; businessId: string; now?: Date }) {
  const { db } = options
  const business = await getBusinessRowOrThrow({ db, actor: options.actor, id: options.businessId, permission: DOCUMENTS_READ })
  const state = await loadDocumentState(db, business)
  const now = options.now ?? new Date()
  const items = checklistItemsOf(state, now)
  const shareholderLists = shareholderChecklistsOf(state, now)
  const shown = new Set(
    [...items, ...shareholderLists.flatMap((s) => s.items)].flatMap((i) => (i.document ? [i.document.id] : [])),
  )
  return {
    businessId: business.id,
    registrationClass: business.registrationClass,
    kycDetailsId: state.kycDetailsId,
    kycDetailsCompleted: business.kycDetailsCompleted,
    approvalStatus: business.approvalStatus,
    items,
    shareholders: shareholderLists,
    otherDocuments: state.documents.filter((d) => !shown.has(d.document.id)).map(toKycDocument),
    uploadsScanned: uploadsAreScanned(),
  }
}

/**
 * The shareholder a document of this type is attached to (docs/decisions.md#shareholder-documents: documents of
 * shareholder document types belong to one shareholder). A shareholder type needs `shareholderId`, of the type's kind,
 * in this KYC record (another business's shareholder answers 404); the business's own types refuse it.
 */
async function documentShareholder(
  db: Executor,
  options: { type: KycDocumentType; shareholderId: string | null; kycDetailsId: string },
): Promise<Shareholder | null> {
  const { type, shareholderId } = options
  const kind = shareholderKindOf(type.typeOwner)
  if (!kind) {
    if (shareholderId)
      throw new AppError(
        'VALIDATION_FAILED',
        `${type.name} is a document of the business itself, not of a shareholder: leave shareholderId out`,
        { field: 'shareholderId' },
      )
    return null
  }
  const kindWord = kind === 'CORPORATE' ? 'corporate' : 'individual'
  if (!shareholderId)
    throw new AppError(
      'VALIDATION_FAILED',
      `${type.name} belongs to one ${kindWord} shareholder: say which one in shareholderId`,
      { field: 'shareholderId' },
    )
  const [row] = await db
    .select()
    .from(shareholders)
    .where(and(eq(shareholders.id, shareholderId), eq(shareholders.kycDetailsId, options.kycDetailsId)))
  if (!row) throw new AppError('NOT_FOUND', 'Shareholder not found', { field: 'shareholderId' })
  if (row.type !== kind) {
    throw new AppError(
      'VALIDATION_FAILED',
      `${type.name} is for ${kindWord} shareholders; ${shareholderName(row)} is ${row.type === 'CORPORATE' ? 'a corporate' : 'an individual'} shareholder`,
      {
        field: 'shareholderId',
      },
    )
  }
  return row
}

/**
 * `POST /kyc/documents`: attaches a confirmed KYC_DOCUMENT upload of this business as a document type (KYC edit
 * check). The current document of that type, if any, is superseded and kept as history with its file; the new one is
 * PENDING review. In the same transaction: an unanswered re-upload request on the old one is resolved, and an open
 * deferral for the type is FULFILLED (the document it waited for has come). Every change is audited.
 */
export async function attachKycDocument(options: {
  db: Database
  actor: Actor
  input: z.output<typeof attachKycDocumentSchema>
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, input } = options
  const now = options.now ?? new Date()
  const details = await kycDetailsOrThrow(db, input.kycDetailsId)
  await assertKycEditable({ db, actor, businessId: details.businessId })
  const [type] = await db
    .select()
    .from(kycDocumentTypes)
    .where(and(eq(kycDocumentTypes.id, input.documentTypeId), eq(kycDocumentTypes.isActive, true)))
  if (!type) throw new AppError('VALIDATION_FAILED', 'Choose a document type from the list', { field: 'documentTypeId' })
  const shareholder = await documentShareholder(db, {
    type,
    shareholderId: input.shareholderId ?? null,
    kycDetailsId: details.id,
  })
  const file = await getAttachableFile(db, { fileId: input.fileId, businessId: details.businessId, purposes: ['KYC_DOCUMENT'] })

  let id: string
  try {
    id = await kycWriteTransaction(options, async (tx, lock) => {
      await lock({ businessId: details.businessId, what: 'KYC record' })
      if (shareholder) {
        // Held until commit, so the shareholder cannot be deleted under the new document.
        const [still] = await tx
          .select({ id: shareholders.id })
          .from(shareholders)
          .where(eq(shareholders.id, shareholder.id))
          .for('share')
        if (!still) throw new AppError('NOT_FOUND', 'Shareholder not found', { field: 'shareholderId' })
      }
      const newId = randomUUID()
      // The partial unique index allows one current row per type: retire the old one first, then point it at the new.
      const [previous] = await tx
        .update(kycDocuments)
        .set({
          supersededAt: now,
          reuploadResolvedAt: sql`case when ${kycDocuments.reuploadRequestedAt} is not null and ${kycDocuments.reuploadResolvedAt} is null then ${now.toISOString()}::timestamptz else ${kycDocuments.reuploadResolvedAt} end`,
          updatedAt: now,
        })
        .where(
          and(
            eq(kycDocuments.kycDetailsId, details.id),
            eq(kycDocuments.documentTypeId, type.id),
            shareholder ? eq(kycDocuments.shareholderId, shareholder.id) : isNull(kycDocuments.shareholderId),
            isNull(kycDocuments.supersededAt),
          ),
        )
        .returning()
      const [created] = await tx
        .insert(kycDocuments)
        .values({
          id: newId,
          kycDetailsId: details.id,
          businessId: details.businessId,
          documentTypeId: type.id,
          shareholderId: shareholder?.id ?? null,
          fileId: file.id,
          uploadedBy: actor.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      if (previous) {
        const [retired] = await tx
          .update(kycDocuments)
          .set({ supersededById: newId })
          .where(eq(kycDocuments.id, previous.id))
          .returning()
        await appendAudit(tx, options.audit, {
          resource: 'kyc_document',
          resourceId: previous.id,
          action: 'SUPERSEDE',
          after: documentAuditView(retired!),
        })
      }
      await appendAudit(tx, options.audit, {
        resource: 'kyc_document',
        resourceId: newId,
        action: previous ? 'REPLACE' : 'UPLOAD',
        before: previous ? { replaces: previous.id } : undefined,
        after: {
          ...documentAuditView(created!),
          documentType: type.code,
          fileName: file.fileName,
          ...(shareholder && { shareholder: shareholderName(shareholder) }),
        },
      })
      // Deferrals are per document type of the business: a shareholder's document fulfils none.
      if (shareholder) return newId

      const openDeferrals = and(
        eq(deferrals.businessId, details.businessId),
        eq(deferrals.documentTypeId, type.id),
        inArray(deferrals.status, ['PENDING', 'APPROVED']),
      )
      const waiting = await tx.select().from(deferrals).where(openDeferrals).for('update')
      const fulfilled = await tx
        .update(deferrals)
        .set({ status: 'FULFILLED', fulfilledAt: now, fulfilledByDocumentId: newId, updatedAt: now })
        .where(openDeferrals)
        .returning()
      for (const row of fulfilled) {
        const before = waiting.find((w) => w.id === row.id)
        await appendAudit(tx, options.audit, {
          resource: 'deferral',
          resourceId: row.id,
          action: 'FULFIL',
          before: before ? deferralAuditView(before) : undefined,
          after: { ...deferralAuditView(row), fulfilledByDocumentId: newId },
        })
      }
      return newId
    })
  } catch (error) {
    const constraint = uniqueViolationOf(error)
    if (constraint === 'kyc_documents_file_key')
      throw new AppError('CONFLICT', 'This file is already attached to a document; upload it again', { field: 'fileId' })
    if (constraint === 'kyc_documents_current_key' || constraint === 'kyc_documents_current_shareholder_key')
      throw new AppError('CONFLICT', `${type.name} was changed at the same moment; try again`, { field: 'documentTypeId' })
    throw error
  }
  const [row] = await selectKycDocuments(db, eq(kycDocuments.id, id))
  return toKycDocument(row!)
}

/** Deleting a KYC document is a delete of KYC details (issue 32): the KYC edit check alone does not allow it. */
export const DOCUMENT_DELETE = PERMISSIONS.CAN_DELETE_KYC_DETAIL

/**
 * `DELETE /kyc/documents/{id}` (KYC edit check and DOCUMENT_DELETE): removes the current document, its file row and its blob. A
 * superseded (history) document cannot be deleted on its own.
 */
export async function deleteKycDocument(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor, id } = options
  const [row] = await db.select().from(kycDocuments).where(eq(kycDocuments.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Document not found')
  await assertKycEditable({ db, actor, businessId: row.businessId })
  if (row.supersededAt)
    throw new AppError(
      'INVALID_STATE',
      'This document was replaced by a newer upload; it is kept as history and cannot be deleted',
    )

  await kycWriteTransaction(options, async (tx, lock) => {
    await lock({ businessId: row.businessId, what: 'Document', permission: DOCUMENT_DELETE })
    const [deleted] = await tx
      .delete(kycDocuments)
      .where(and(eq(kycDocuments.id, id), isNull(kycDocuments.supersededAt)))
      .returning()
    if (!deleted) throw new AppError('INVALID_STATE', 'This document was replaced meanwhile; reload to see the current one')
    await appendAudit(tx, options.audit, {
      resource: 'kyc_document',
      resourceId: id,
      action: 'DELETE',
      before: documentAuditView(deleted),
    })
    await deleteStoredFile(tx, deleted.fileId, options.audit)
  })
}
