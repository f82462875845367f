import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm'
import type { FeeRecord, FeeSearchQuery, FeeValues } from '@/lib/contracts/fees'
import type { Page } from '@/lib/contracts/pagination'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { businessDivisions, fees, kycServiceDetails, kycServiceProviders, type Fee } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'

/** Naira (at most two decimals, checked by the schema) to integer kobo without float drift: 19.99 → 1999. */
export const nairaToKobo = (naira: number) => Math.round(naira * 100)
export const koboToNairaAmount = (kobo: number) => kobo / 100

const feeColumns = {
  fee: fees,
  divisionName: businessDivisions.name,
  serviceType: kycServiceDetails.serviceType,
  serviceName: kycServiceDetails.name,
  providerCode: kycServiceProviders.code,
}

function selectFees(db: Executor) {
  return db
    .select(feeColumns)
    .from(fees)
    .innerJoin(businessDivisions, eq(businessDivisions.id, fees.divisionId))
    .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, fees.serviceDetailId))
    .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
}

type FeeRow = { fee: Fee; divisionName: string; serviceType: FeeRecord['serviceType']; serviceName: string; providerCode: string }

function toFeeRecord(row: FeeRow): FeeRecord {
  const { fee } = row
  return {
    id: fee.id,
    divisionId: fee.divisionId,
    divisionName: row.divisionName,
    serviceDetailId: fee.serviceDetailId,
    serviceType: row.serviceType,
    serviceName: row.serviceName,
    providerCode: row.providerCode,
    amount: koboToNairaAmount(fee.amountKobo),
    effectiveFrom: fee.effectiveFrom,
    active: fee.active,
    createdAt: fee.createdAt.toISOString(),
    updatedAt: fee.updatedAt.toISOString(),
  }
}

/** What the audit row keeps of a fee. */
const feeAuditView = (fee: Fee) => ({
  divisionId: fee.divisionId,
  serviceDetailId: fee.serviceDetailId,
  amountKobo: fee.amountKobo,
  effectiveFrom: fee.effectiveFrom,
  active: fee.active,
})

export async function readFee(db: Executor, id: string): Promise<FeeRecord> {
  const [row] = await selectFees(db).where(eq(fees.id, id))
  if (!row) throw notFound('Fee')
  return toFeeRecord(row)
}

export async function getFee(options: { db: Database; id: string }): Promise<FeeRecord> {
  return readFee(options.db, options.id)
}

/** The client and the service must exist: 400 naming the field otherwise. */
export async function assertFeeReferences(db: Executor, input: { divisionId: string; serviceDetailId: string }) {
  const [[division], [service]] = await Promise.all([
    db.select({ id: businessDivisions.id }).from(businessDivisions).where(eq(businessDivisions.id, input.divisionId)),
    db.select({ id: kycServiceDetails.id }).from(kycServiceDetails).where(eq(kycServiceDetails.id, input.serviceDetailId)),
  ])
  if (!division) throw new AppError('VALIDATION_FAILED', 'No such client (business division)', { field: 'divisionId' })
  if (!service) throw new AppError('VALIDATION_FAILED', 'No such KYC service', { field: 'serviceDetailId' })
}

const duplicate = () =>
  new AppError(
    'CONFLICT',
    'A fee for this client and service already takes effect on that day: change that fee or choose another day',
    { field: 'effectiveFrom' },
  )

/** 409 when another fee (not `exceptId`) has the same client, service and day. */
export async function assertNoDuplicateFee(db: Executor, input: FeeValues, exceptId?: string) {
  const [other] = await db
    .select({ id: fees.id })
    .from(fees)
    .where(
      and(
        eq(fees.divisionId, input.divisionId),
        eq(fees.serviceDetailId, input.serviceDetailId),
        eq(fees.effectiveFrom, input.effectiveFrom),
        exceptId ? ne(fees.id, exceptId) : undefined,
      ),
    )
  if (other) throw duplicate()
}

type Actors = Record<string, string>

/** Writes a checked new fee in the caller's transaction, audited; returns its id. */
export async function writeFeeCreate(
  tx: Tx,
  audit: AuditContext,
  options: { input: FeeValues; createdBy: string; actors?: Actors },
): Promise<string> {
  const { input } = options
  const [fee] = await tx
    .insert(fees)
    .values({
      divisionId: input.divisionId,
      serviceDetailId: input.serviceDetailId,
      amountKobo: nairaToKobo(input.amount),
      effectiveFrom: input.effectiveFrom,
      active: input.active,
      createdBy: options.createdBy,
    })
    .returning()
  await appendAudit(tx, audit, {
    resource: 'fee',
    resourceId: fee!.id,
    action: 'CREATE',
    after: { ...feeAuditView(fee!), ...options.actors },
  })
  return fee!.id
}

/** `POST /fees` with four-eyes off: a new fee, audited; a second fee for the same client, service and day answers 409. */
export async function createFee(options: {
  db: Database
  actor: Actor
  input: FeeValues
  audit: AuditContext
}): Promise<FeeRecord> {
  const { input } = options
  await assertFeeReferences(options.db, input)
  try {
    return await options.db.transaction(async (tx) =>
      readFee(tx, await writeFeeCreate(tx, options.audit, { input, createdBy: options.actor.userId })),
    )
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw duplicate()
    throw error
  }
}

/** Replaces a checked fee's fields in the caller's transaction (locking it; 404 when gone), audited before and after. */
export async function writeFeeUpdate(tx: Tx, audit: AuditContext, options: { id: string; input: FeeValues; actors?: Actors }) {
  const { input } = options
  const [before] = await tx.select().from(fees).where(eq(fees.id, options.id)).for('update')
  if (!before) throw notFound('Fee')
  const [after] = await tx
    .update(fees)
    .set({
      divisionId: input.divisionId,
      serviceDetailId: input.serviceDetailId,
      amountKobo: nairaToKobo(input.amount),
      effectiveFrom: input.effectiveFrom,
      active: input.active,
      updatedAt: new Date(),
    })
    .where(eq(fees.id, options.id))
    .returning()
  await appendAudit(tx, audit, {
    resource: 'fee',
    resourceId: options.id,
    action: 'UPDATE',
    before: feeAuditView(before),
    after: { ...feeAuditView(after!), ...options.actors },
  })
}

/**
 * `PUT /fees/{id}` with four-eyes off: replaces the fee's fields, audited with before and after. Charges already
 * recorded keep the amount they were charged at (they copy it), so a change prices only later calls.
 */
export async function updateFee(options: {
  db: Database
  actor: Actor
  id: string
  input: FeeValues
  audit: AuditContext
}): Promise<FeeRecord> {
  const { input } = options
  await assertFeeReferences(options.db, input)
  try {
    return await options.db.transaction(async (tx) => {
      await writeFeeUpdate(tx, options.audit, { id: options.id, input })
      return readFee(tx, options.id)
    })
  } catch (error) {
    if (uniqueViolationOf(error) !== null) throw duplicate()
    throw error
  }
}

/** `GET /fees/search`: fees by client, service and active flag, latest effective day first. */
export async function searchFees(options: { db: Database; query: FeeSearchQuery }): Promise<Page<FeeRecord>> {
  const { db, query } = options
  const where: SQL[] = []
  if (query.divisionId) where.push(eq(fees.divisionId, query.divisionId))
  if (query.serviceDetailId) where.push(eq(fees.serviceDetailId, query.serviceDetailId))
  if (query.serviceType) where.push(eq(kycServiceDetails.serviceType, query.serviceType))
  if (query.active !== undefined) where.push(eq(fees.active, query.active))
  const filter = and(...where)
  return findPage({
    query,
    rows: selectFees(db).where(filter).orderBy(desc(fees.effectiveFrom), desc(fees.createdAt), fees.id),
    count: () =>
      db
        .select({ value: count() })
        .from(fees)
        .innerJoin(kycServiceDetails, eq(kycServiceDetails.id, fees.serviceDetailId))
        .where(filter),
    content: (rows) => rows.map(toFeeRecord),
  })
}
