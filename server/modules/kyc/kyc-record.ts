import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FileSummary, UploadPurpose } from '@/lib/contracts/file-types'
import { PERMISSIONS, type Permission } from '@/lib/permissions/names'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { files, kycAddresses, kycDetails, meansOfIds, type Business, type KycDetails } from '@/server/db/schema'
import { preparedPer } from '@/server/db/shaped-statements'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { canActOnBusiness } from '@/server/http/scope'
import { getAttachableFile, toFileSummary } from '@/server/records/attachable-file'
import { assertKycEditable, type KycEditLock } from './kyc-edit-access'

/**
 * The same 404 for a record that does not exist and for one of another business (docs/domain.md#object-level-access).
 */
export const kycNotFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`)

/** Reading a business's KYC: its users or staff holding this. */
export const KYC_READ = PERMISSIONS.CAN_READ_BUSINESS

/**
 * Read access to a business's KYC: members of the business, or staff, with CAN_READ_BUSINESS. Anyone else gets the
 * 404 of the record asked for, so nothing says whether it exists.
 */
export function assertKycReadable(actor: Actor, businessId: string, what: string, permission: Permission = KYC_READ) {
  if (!canActOnBusiness(actor, businessId)) throw kycNotFound(what)
  if (!canActOnBusiness(actor, businessId, permission))
    throw permissionRefused([permission], { scope: actor.isStaff ? 'staff' : 'business' })
}

/**
 * The KYC edit check (docs/domain.md#kyc-edit-check), with the record's own 404 for outsiders, unlocked: for checks
 * before a write's transaction (so an outsider's file is never stored). Inside the write, `lock` of kycWriteTransaction
 * repeats it.
 */
export async function assertKycWritable(options: {
  db: Executor
  actor: Actor
  businessId: string
  what: string
  permission?: Permission
}): Promise<Business> {
  if (!canActOnBusiness(options.actor, options.businessId)) throw kycNotFound(options.what)
  const business = await assertKycEditable(options)
  if (options.permission && !canActOnBusiness(options.actor, options.businessId, options.permission)) {
    throw permissionRefused([options.permission], { scope: options.actor.isStaff ? 'staff' : 'business' })
  }
  return business
}

const kycById = preparedPer((db) =>
  db
    .select()
    .from(kycDetails)
    .where(eq(kycDetails.id, sql.placeholder('id')))
    .limit(1)
    .prepare('kyc_by_id'),
)

export async function findKycDetails(db: Executor, id: string): Promise<KycDetails | null> {
  const [row] = await kycById(db).execute({ id })
  return row ?? null
}

/** The business's KYC record (company details) as stored, or null before the first save. No access check. */
const kycOfBusiness = preparedPer((db) =>
  db
    .select()
    .from(kycDetails)
    .where(eq(kycDetails.businessId, sql.placeholder('businessId')))
    .limit(1)
    .prepare('kyc_of_business'),
)

export async function findKycDetailsOfBusiness(db: Executor, businessId: string): Promise<KycDetails | null> {
  const [row] = await kycOfBusiness(db).execute({ businessId })
  return row ?? null
}

/** A KYC record the actor may read, else 404. */
export async function readableKycDetails(db: Executor, actor: Actor, kycDetailsId: string): Promise<KycDetails> {
  const row = await findKycDetails(db, kycDetailsId)
  if (!row) throw kycNotFound('KYC record')
  assertKycReadable(actor, row.businessId, 'KYC record')
  return row
}

/**
 * A KYC record the actor may change, locked for the rest of the transaction (so concurrent shareholder writes are
 * checked one after the other). One lock order for every KYC write (docs/decisions.md#kyc-editing): the business row
 * first (`lock`), then the record's own row; a record deleted in between answers 404.
 */
export async function writableKycDetails(
  tx: Tx,
  lock: KycEditLock,
  kycDetailsId: string,
  permission?: Permission,
): Promise<{ kyc: KycDetails; business: Business }> {
  const [found] = await tx.select({ businessId: kycDetails.businessId }).from(kycDetails).where(eq(kycDetails.id, kycDetailsId))
  if (!found) throw kycNotFound('KYC record')
  const business = await lock({ businessId: found.businessId, what: 'KYC record', permission })
  const [row] = await tx
    .select()
    .from(kycDetails)
    .where(and(eq(kycDetails.id, kycDetailsId), eq(kycDetails.businessId, found.businessId)))
    .for('update')
  if (!row) throw kycNotFound('KYC record')
  return { kyc: row, business }
}

/** The KYC tables whose rows hang off one business's record and are changed one row at a time. */
type KycChildTable = typeof kycAddresses | typeof meansOfIds

/** What a service changing one KYC row (an address, a means of ID, a shareholder) takes. */
export interface KycRowUpdate<Input> {
  db: Database
  actor: Actor
  id: string
  input: Input
  audit: AuditContext
}

/**
 * Row `id` of `table` (`what` in the 404), locked for the rest of the transaction after the KYC edit check for
 * `permission`. One lock order (docs/decisions.md#kyc-editing): the business row first, as the deletes that take the row
 * with them (the KYC record's, a retention purge) do, then the row itself; before, an update held the row and waited
 * for the business while such a delete held the business and waited for the row (a deadlock, answered 409).
 */
export async function lockedKycRow<T extends KycChildTable>(
  tx: Executor,
  lock: KycEditLock,
  table: T,
  what: string,
  id: string,
  permission: Permission,
): Promise<T['$inferSelect']> {
  const anyTable: KycChildTable = table
  const [found] = await tx.select({ businessId: anyTable.businessId }).from(anyTable).where(eq(anyTable.id, id))
  if (!found) throw kycNotFound(what)
  await lock({ businessId: found.businessId, what, permission })
  // Its business never changes; it may have been deleted while this waited for the business.
  const [row] = await tx
    .select()
    .from(anyTable)
    .where(and(eq(anyTable.id, id), eq(anyTable.businessId, found.businessId)))
    .for('update')
  if (!row) throw kycNotFound(what)
  return row as T['$inferSelect']
}

/** An update body with no field set is refused before anything is locked. */
export function assertSomethingToChange(input: Record<string, unknown>) {
  if (Object.values(input).every((v) => v === undefined)) throw new AppError('VALIDATION_FAILED', 'Nothing to change')
}

/** Files by id, as summaries. */
export async function fileSummaries(db: Executor, ids: Array<string | null | undefined>): Promise<Map<string, FileSummary>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))]
  if (!wanted.length) return new Map()
  const rows = await db.select().from(files).where(inArray(files.id, wanted))
  return new Map(rows.map((f) => [f.id, toFileSummary(f)]))
}

/**
 * A confirmed upload of this business with this purpose, not already attached to another KYC record (one file, one
 * owner: deleting one record must never take another's file with it).
 */
export async function attachableKycFile(
  tx: Executor,
  options: { fileId: string; businessId: string; purpose: UploadPurpose; field: string; exceptRecordId?: string },
) {
  try {
    await getAttachableFile(tx, { fileId: options.fileId, businessId: options.businessId, purposes: [options.purpose] })
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, error.message, { field: options.field })
    throw error
  }
  const except = options.exceptRecordId ?? '00000000-0000-0000-0000-000000000000'
  const inUse = await tx.execute<{ n: number }>(sql`
    SELECT 1 AS n FROM kyc_addresses WHERE (address_doc_file_id = ${options.fileId} OR passport_photo_file_id = ${options.fileId}) AND id <> ${except}
    UNION ALL SELECT 1 FROM means_of_ids WHERE file_id = ${options.fileId} AND id <> ${except}
    UNION ALL SELECT 1 FROM kyc_additional_documents WHERE file_id = ${options.fileId}
    LIMIT 1`)
  if (rowsOf(inUse).length)
    throw new AppError('VALIDATION_FAILED', 'This file is already attached to another record; upload it again', {
      field: options.field,
    })
}
