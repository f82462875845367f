import { asc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FileSummary } from '@/lib/contracts/file-types'
import type {
  GovernmentKycType,
  Representative,
  representativeInputSchema,
  RepresentativeKyc,
  representativeUpdateSchema,
} from '@/lib/contracts/government'
import { REPRESENTATIVE_WHO } from '@/lib/contracts/government'
import { MAX_REPRESENTATIVES_PER_ENTITY } from '@/lib/contracts/government-values'
import {
  dateOfBirthProblem,
  maskDateOfBirth,
  maskIdentityNumber,
  meansOfIdProblems,
  meansOfIdTypeOf,
  pepColumnsOf,
  pepDeclarationOf,
} from '@/lib/contracts/kyc-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { idNumberIndexOf } from '@/server/crypto/identity-indexes'
import type { Database, Executor } from '@/server/db/client'
import { governmentRepresentatives, type GovernmentRepresentativeRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { deleteStoredFile } from '@/server/records/attachable-file'
import { addToEntity, GOVERNMENT_OFFICERS, lockActiveEntity, type OfficerAddition } from './government-access'
import { attachableGovernmentFile, governmentFileSummaries } from './government-files'

const FILE_FIELDS = ['idFileId', 'addressFileId', 'photoFileId'] as const

function toRepresentative(row: GovernmentRepresentativeRow, filesById: ReadonlyMap<string, FileSummary>): Representative {
  const file = (id: string | null) => (id && filesById.get(id)) || null
  return {
    id: row.id,
    entityId: row.entityId,
    firstName: row.firstName,
    lastName: row.lastName,
    position: row.position,
    email: row.email,
    phone: row.phone,
    idType: row.idType,
    idTypeName: meansOfIdTypeOf(row.idType)?.name ?? row.idType,
    // Masked, as the business means of ID (docs/data-protection.md#masking-and-reveal).
    idNumber: maskIdentityNumber(row.idNumber),
    idIssueDate: row.idIssueDate,
    idExpiryDate: row.idExpiryDate,
    idFile: file(row.idFileId),
    address: row.address,
    addressFile: file(row.addressFileId),
    photoFile: file(row.photoFileId),
    dateOfBirth: maskDateOfBirth(row.dateOfBirth),
    hasDateOfBirth: !!row.dateOfBirth,
    pep: pepDeclarationOf(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

async function shaped(db: Executor, rows: GovernmentRepresentativeRow[]) {
  const filesById = await governmentFileSummaries(
    db,
    rows.flatMap((r) => [r.idFileId, r.addressFileId, r.photoFileId]),
  )
  return rows.map((r) => toRepresentative(r, filesById))
}

export async function findRepresentativesOf(db: Executor, entityId: string) {
  const rows = await db
    .select()
    .from(governmentRepresentatives)
    .where(eq(governmentRepresentatives.entityId, entityId))
    .orderBy(asc(governmentRepresentatives.createdAt), asc(governmentRepresentatives.id))
  return shaped(db, rows)
}

async function getRow(db: Executor, id: string) {
  const [row] = await db.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, id))
  if (!row) throw notFound('Representative')
  return row
}

async function assertFiles(
  tx: Executor,
  input: Partial<Record<(typeof FILE_FIELDS)[number], string | null | undefined>>,
  exceptRecordId?: string,
) {
  const seen = new Set<string>()
  for (const field of FILE_FIELDS) {
    const fileId = input[field]
    if (!fileId) continue
    if (seen.has(fileId)) throw new AppError('VALIDATION_FAILED', 'Each file can be used once', { field })
    seen.add(fileId)
    await attachableGovernmentFile(tx, { fileId, field, exceptRecordId })
  }
}

/** `POST /government/rep`: a representative of an active entity with their means of ID (number encrypted at rest). */
export async function createRepresentative(options: OfficerAddition<z.output<typeof representativeInputSchema>>) {
  const { input } = options
  const row = await addToEntity(options, {
    table: governmentRepresentatives,
    children: governmentRepresentatives.entityId,
    max: MAX_REPRESENTATIVES_PER_ENTITY,
    noun: 'representatives',
    resource: 'government_representative',
    check: (tx) => assertFiles(tx, input),
    values: {
      entityId: input.entityId,
      firstName: input.firstName,
      lastName: input.lastName,
      position: input.position,
      email: input.email,
      phone: input.phone,
      idType: input.idType,
      idNumber: input.idNumber,
      idNumberIndex: idNumberIndexOf(input.idNumber),
      idIssueDate: input.idIssueDate ?? null,
      idExpiryDate: input.idExpiryDate ?? null,
      idFileId: input.idFileId ?? null,
      address: input.address ?? null,
      addressFileId: input.addressFileId ?? null,
      photoFileId: input.photoFileId ?? null,
      dateOfBirth: input.dateOfBirth ?? null,
      ...(input.pep && pepColumnsOf(input.pep)),
      createdBy: options.actor.userId,
    },
  })
  return (await shaped(options.db, [row]))[0]!
}

/** `GET /government/rep/{id}`. */
export async function getRepresentative(options: { db: Executor; actor: Actor; id: string }) {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return (await shaped(options.db, [await getRow(options.db, options.id)]))[0]!
}

/**
 * `PUT /government/rep/{id}`: any fields; the merged record is checked again (number per type, dates). A masked ID
 * number keeps the stored one. A replaced file is deleted once nothing holds it.
 */
export async function updateRepresentative(options: {
  db: Database
  actor: Actor
  id: string
  input: z.output<typeof representativeUpdateSchema>
  audit: AuditContext
}) {
  const { db, actor, id, input } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const { row, replaced } = await db.transaction(async (tx) => {
    const current = await getRow(tx, id)
    await lockActiveEntity(tx, current.entityId)
    const [before] = await tx.select().from(governmentRepresentatives).where(eq(governmentRepresentatives.id, id)).for('update')
    if (!before) throw notFound('Representative')
    const { pep, ...fields } = input
    const changes = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as typeof fields
    if (!Object.keys(changes).length && !pep) throw new AppError('VALIDATION_FAILED', 'Nothing to change')
    const merged = { ...before, ...changes }
    const problems = meansOfIdProblems({
      idType: merged.idType,
      idNumber: merged.idNumber,
      issueDate: merged.idIssueDate ?? null,
      expiryDate: merged.idExpiryDate ?? null,
    })
    if (problems.length) {
      const field = { idType: 'idType', idNumber: 'idNumber', issueDate: 'idIssueDate', expiryDate: 'idExpiryDate' }[
        problems[0]!.field
      ]
      throw new AppError('VALIDATION_FAILED', problems[0]!.message, { field })
    }
    const dateProblem = merged.dateOfBirth
      ? dateOfBirthProblem(merged.dateOfBirth, { adult: true, who: REPRESENTATIVE_WHO })
      : null
    if (dateProblem) throw new AppError('VALIDATION_FAILED', dateProblem, { field: 'dateOfBirth' })
    await assertFiles(tx, Object.fromEntries(FILE_FIELDS.map((f) => [f, changes[f] !== before[f] ? changes[f] : undefined])), id)
    const [after] = await tx
      .update(governmentRepresentatives)
      .set({
        ...changes,
        ...(pep && pepColumnsOf(pep)),
        ...(changes.idNumber ? { idNumberIndex: idNumberIndexOf(changes.idNumber) } : {}),
        updatedAt: new Date(),
      })
      .where(eq(governmentRepresentatives.id, id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'government_representative',
      resourceId: id,
      action: 'UPDATE',
      before,
      after,
    })
    const replaced = FILE_FIELDS.map((f) => before[f]).filter(
      (f): f is string => !!f && !FILE_FIELDS.some((g) => after![g] === f),
    )
    return { row: after!, replaced }
  })
  for (const fileId of replaced) await deleteStoredFile(db, fileId, options.audit)
  return (await shaped(db, [row]))[0]!
}

/** `DELETE /government/rep/{id}`: the representative and their KYC files. */
export async function deleteRepresentative(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor, id } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const deleted = await db.transaction(async (tx) => {
    const current = await getRow(tx, id)
    await lockActiveEntity(tx, current.entityId)
    const [row] = await tx.delete(governmentRepresentatives).where(eq(governmentRepresentatives.id, id)).returning()
    if (!row) throw notFound('Representative')
    await appendAudit(tx, options.audit, { resource: 'government_representative', resourceId: id, action: 'DELETE', before: row })
    return row
  })
  for (const fileId of [deleted.idFileId, deleted.addressFileId, deleted.photoFileId])
    if (fileId) await deleteStoredFile(db, fileId, options.audit)
}

/** `GET /government/rep/{id}/kyc-type/{type}`: one of the representative's KYC records, and whether it is provided. */
export async function getRepresentativeKyc(options: {
  db: Executor
  actor: Actor
  id: string
  type: GovernmentKycType
}): Promise<RepresentativeKyc> {
  const { db, actor, id, type } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  const row = await getRow(db, id)
  const fileId = { 'means-of-id': row.idFileId, address: row.addressFileId, photo: row.photoFileId }[type]
  const file = fileId ? ((await governmentFileSummaries(db, [fileId])).get(fileId) ?? null) : null
  const meansOfId =
    type === 'means-of-id'
      ? {
          idType: row.idType,
          idTypeName: meansOfIdTypeOf(row.idType)?.name ?? row.idType,
          idNumber: maskIdentityNumber(row.idNumber),
          issueDate: row.idIssueDate,
          expiryDate: row.idExpiryDate,
        }
      : null
  const address = type === 'address' ? row.address : null
  const provided = type === 'address' ? !!(file && address) : !!file
  return { representativeId: row.id, type, provided, file, meansOfId, address }
}
