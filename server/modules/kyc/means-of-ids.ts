import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { FileSummary } from '@/lib/contracts/file-types'
import type { createMeansOfIdSchema, MeansOfIdRecord, updateMeansOfIdSchema } from '@/lib/contracts/kyc'
import {
  adultRoleWho,
  dateOfBirthProblem,
  maskDateOfBirth,
  maskIdentityNumber,
  meansOfIdProblems,
  meansOfIdTypeOf,
  pepColumnsOf,
  pepDeclarationOf,
  todayIso,
} from '@/lib/contracts/kyc-values'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, insertAudited, type AuditContext } from '@/server/audit/append-audit'
import { bvnIndexOf, idNumberIndexOf } from '@/server/crypto/identity-indexes'
import type { Database, Executor } from '@/server/db/client'
import { meansOfIds, shareholders, type MeansOfId } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { deleteStoredFile } from '@/server/records/attachable-file'
import { isMeansOfIdCurrent } from './kyc-capture-gaps'
import { kycWriteTransaction } from './kyc-edit-access'
import {
  assertSomethingToChange,
  type KycRowUpdate,
  attachableKycFile,
  fileSummaries,
  lockedKycRow,
  readableKycDetails,
  writableKycDetails,
} from './kyc-record'

export const MAX_IDS_PER_KYC = 100

export function toMeansOfIdAnswer(
  row: MeansOfId,
  filesById: ReadonlyMap<string, FileSummary>,
  today = todayIso(),
): MeansOfIdRecord {
  return {
    id: row.id,
    kycDetailsId: row.kycDetailsId,
    businessId: row.businessId,
    shareholderId: row.shareholderId,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    // Masked: the clear numbers are answered only by the reveal call (reveal-identity-numbers.ts).
    bvn: maskIdentityNumber(row.bvn),
    idType: row.idType,
    idTypeName: meansOfIdTypeOf(row.idType)?.name ?? row.idType,
    idNumber: maskIdentityNumber(row.idNumber),
    issueDate: row.issueDate,
    expiryDate: row.expiryDate,
    isCurrent: isMeansOfIdCurrent(row, today),
    // Masked like the numbers (the reveal call answers it); a person captured before it was asked has none (a gap).
    dateOfBirth: maskDateOfBirth(row.dateOfBirth),
    hasDateOfBirth: !!row.dateOfBirth,
    pep: pepDeclarationOf(row),
    file: (row.fileId && filesById.get(row.fileId)) || null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** What each means-of-ID write needs, on top of the KYC edit check (KYC_EDITORS). */
export const MEANS_OF_ID_PERMISSIONS = {
  create: PERMISSIONS.CAN_CREATE_MEANS_OF_ID,
  update: PERMISSIONS.CAN_UPDATE_MEANS_OF_ID,
  delete: PERMISSIONS.CAN_DELETE_MEANS_OF_ID,
} as const

export async function listMeansOfIdsOf(db: Executor, kycDetailsId: string): Promise<MeansOfIdRecord[]> {
  const rows = await db
    .select()
    .from(meansOfIds)
    .where(eq(meansOfIds.kycDetailsId, kycDetailsId))
    .orderBy(asc(meansOfIds.createdAt), asc(meansOfIds.id))
  const filesById = await fileSummaries(
    db,
    rows.map((r) => r.fileId),
  )
  return rows.map((r) => toMeansOfIdAnswer(r, filesById))
}

/** GET /kyc/means-of-ids/{kycDetailsId}. */
export async function findMeansOfIds(options: { db: Executor; actor: Actor; kycDetailsId: string }) {
  await readableKycDetails(options.db, options.actor, options.kycDetailsId)
  return listMeansOfIdsOf(options.db, options.kycDetailsId)
}

/** The linked shareholder must be an individual of the same KYC record (400 on shareholderId otherwise). */
async function assertShareholderLink(tx: Executor, kycDetailsId: string, shareholderId: string) {
  const [holder] = await tx
    .select({ type: shareholders.type })
    .from(shareholders)
    .where(and(eq(shareholders.id, shareholderId), eq(shareholders.kycDetailsId, kycDetailsId)))
  if (!holder) throw new AppError('VALIDATION_FAILED', 'Choose a shareholder of this business', { field: 'shareholderId' })
  if (holder.type !== 'INDIVIDUAL')
    throw new AppError('VALIDATION_FAILED', 'A means of ID belongs to a person; choose an individual shareholder', {
      field: 'shareholderId',
    })
}

function assertRules(value: {
  idType: string
  idNumber: string
  issueDate: string | null
  expiryDate: string | null
  role: string
  dateOfBirth: string | null
}) {
  const problems: Array<{ field: string; message: string }> = meansOfIdProblems(value)
  // A role changed to director or signatory is checked against the date already stored, and the other way round.
  const who = adultRoleWho(value.role)
  const dateProblem = value.dateOfBirth && who ? dateOfBirthProblem(value.dateOfBirth, { adult: true, who }) : null
  if (dateProblem) problems.push({ field: 'dateOfBirth', message: dateProblem })
  if (problems.length) {
    throw new AppError('VALIDATION_FAILED', problems[0]!.message, {
      details: problems.map((p) => ({ code: 'VALIDATION_FAILED' as const, ...p })),
    })
  }
}

/** POST /kyc/means-of-ids. */
export async function createMeansOfId(options: {
  db: Database
  actor: Actor
  input: z.output<typeof createMeansOfIdSchema>
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const created = await kycWriteTransaction(options, async (tx, lock) => {
    const { kyc } = await writableKycDetails(tx, lock, input.kycDetailsId, MEANS_OF_ID_PERMISSIONS.create)
    const [{ n }] = (await tx.select({ n: count() }).from(meansOfIds).where(eq(meansOfIds.kycDetailsId, kyc.id))) as [
      { n: number },
    ]
    if (n >= MAX_IDS_PER_KYC) throw new AppError('CONFLICT', `A KYC record can have at most ${MAX_IDS_PER_KYC} means of ID`)
    if (input.shareholderId) await assertShareholderLink(tx, kyc.id, input.shareholderId)
    if (input.fileId)
      await attachableKycFile(tx, { fileId: input.fileId, businessId: kyc.businessId, purpose: 'MEANS_OF_ID', field: 'fileId' })
    return insertAudited(tx, options.audit, {
      resource: 'means_of_id',
      table: meansOfIds,
      values: {
        kycDetailsId: kyc.id,
        businessId: kyc.businessId,
        shareholderId: input.shareholderId ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        bvn: input.bvn ?? null,
        bvnIndex: bvnIndexOf(input.bvn),
        idType: input.idType,
        idNumber: input.idNumber,
        idNumberIndex: idNumberIndexOf(input.idNumber),
        issueDate: input.issueDate ?? null,
        expiryDate: input.expiryDate ?? null,
        dateOfBirth: input.dateOfBirth ?? null,
        ...(input.pep && pepColumnsOf(input.pep)),
        fileId: input.fileId ?? null,
        createdBy: actor.userId,
      },
    })
  })
  return toMeansOfIdAnswer(created, await fileSummaries(db, [created.fileId]))
}

/** PUT /kyc/means-of-ids/{id}: the rules are checked on the record as it will be. A replaced file is deleted. */
export async function updateMeansOfId(options: KycRowUpdate<z.output<typeof updateMeansOfIdSchema>>) {
  const { db, input } = options
  assertSomethingToChange(input)
  const updated = await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, meansOfIds, 'Means of ID', options.id, MEANS_OF_ID_PERMISSIONS.update)
    const merged = {
      idType: input.idType ?? before.idType,
      idNumber: input.idNumber ?? before.idNumber,
      issueDate: input.issueDate !== undefined ? input.issueDate : before.issueDate,
      expiryDate: input.expiryDate !== undefined ? input.expiryDate : before.expiryDate,
    }
    assertRules({ ...merged, role: input.role ?? before.role, dateOfBirth: input.dateOfBirth ?? before.dateOfBirth })
    if (input.shareholderId) await assertShareholderLink(tx, before.kycDetailsId, input.shareholderId)
    if (input.fileId && input.fileId !== before.fileId) {
      await attachableKycFile(tx, {
        fileId: input.fileId,
        businessId: before.businessId,
        purpose: 'MEANS_OF_ID',
        field: 'fileId',
        exceptRecordId: before.id,
      })
    }
    const [row] = await tx
      .update(meansOfIds)
      .set({
        ...merged,
        idNumberIndex: idNumberIndexOf(merged.idNumber),
        ...(input.shareholderId !== undefined && { shareholderId: input.shareholderId }),
        ...(input.firstName !== undefined && { firstName: input.firstName }),
        ...(input.lastName !== undefined && { lastName: input.lastName }),
        ...(input.role !== undefined && { role: input.role }),
        ...(input.dateOfBirth !== undefined && { dateOfBirth: input.dateOfBirth }),
        ...(input.pep !== undefined && pepColumnsOf(input.pep)),
        ...(input.bvn !== undefined && { bvn: input.bvn ?? null, bvnIndex: bvnIndexOf(input.bvn) }),
        ...(input.fileId !== undefined && { fileId: input.fileId }),
        updatedAt: new Date(),
      })
      .where(eq(meansOfIds.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'means_of_id',
      resourceId: before.id,
      action: 'UPDATE',
      before: before,
      after: row,
    })
    if (before.fileId && before.fileId !== row!.fileId) await deleteStoredFile(tx, before.fileId, options.audit)
    return row!
  })
  return toMeansOfIdAnswer(updated, await fileSummaries(db, [updated.fileId]))
}

/** DELETE /kyc/means-of-ids/{id}: with its file's blob. */
export async function deleteMeansOfId(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, meansOfIds, 'Means of ID', options.id, MEANS_OF_ID_PERMISSIONS.delete)
    await tx.delete(meansOfIds).where(eq(meansOfIds.id, before.id))
    await appendAudit(tx, options.audit, {
      resource: 'means_of_id',
      resourceId: before.id,
      action: 'DELETE',
      before: before,
    })
    if (before.fileId) await deleteStoredFile(tx, before.fileId, options.audit)
  })
}

/** DELETE /kyc/means-of-ids/{id}/file: removes the scan (404 when there is none). */
export async function deleteMeansOfIdFile(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const updated = await kycWriteTransaction(options, async (tx, lock) => {
    const before = await lockedKycRow(tx, lock, meansOfIds, 'Means of ID', options.id, MEANS_OF_ID_PERMISSIONS.update)
    if (!before.fileId) throw new AppError('NOT_FOUND', 'This means of ID has no file')
    const [row] = await tx
      .update(meansOfIds)
      .set({ fileId: null, updatedAt: new Date() })
      .where(eq(meansOfIds.id, before.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'means_of_id',
      resourceId: before.id,
      action: 'DELETE_FILE',
      before: before,
      after: row,
    })
    await deleteStoredFile(tx, before.fileId, options.audit)
    return row!
  })
  return toMeansOfIdAnswer(updated, new Map())
}
