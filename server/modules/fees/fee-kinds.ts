import { eq } from 'drizzle-orm'
import type { FeeValues } from '@/lib/contracts/fees'
import type { Executor } from '@/server/db/client'
import { businessDivisions, fees, kycServiceDetails, kycServiceProviders } from '@/server/db/schema'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import { assertFeeReferences, assertNoDuplicateFee, readFee, writeFeeCreate, writeFeeUpdate } from '@/server/modules/fees/fees'

const labels = {
  client: 'Client',
  service: 'KYC service',
  amount: 'Amount (NGN)',
  effectiveFrom: 'Effective from',
  active: 'Active',
}

const amountText = (naira: number) => naira.toFixed(2)
const serviceText = (s: { serviceName: string; providerCode: string }) => `${s.serviceName} (${s.providerCode})`

/** The fee's client and service names, for a proposal (which holds their ids). */
export async function feeNames(db: Executor, input: Pick<FeeValues, 'divisionId' | 'serviceDetailId'>) {
  const [division] = await db
    .select({ name: businessDivisions.name })
    .from(businessDivisions)
    .where(eq(businessDivisions.id, input.divisionId))
  const [service] = await db
    .select({ serviceName: kycServiceDetails.name, providerCode: kycServiceProviders.code })
    .from(kycServiceDetails)
    .innerJoin(kycServiceProviders, eq(kycServiceProviders.id, kycServiceDetails.providerId))
    .where(eq(kycServiceDetails.id, input.serviceDetailId))
  return { client: division?.name ?? input.divisionId, service: service ? serviceText(service) : input.serviceDetailId }
}

async function proposedFee(db: Executor, p: FeeValues): Promise<Snapshot> {
  return {
    ...(await feeNames(db, p)),
    amount: amountText(p.amount),
    effectiveFrom: p.effectiveFrom,
    active: p.active ? 'Yes' : 'No',
  }
}

/** The fee as it stands, or null when it is gone; `lock` holds its row until the transaction ends. */
export async function currentFeeSnapshot(db: Executor, id: string, lock = false): Promise<Snapshot | null> {
  const query = db.select({ id: fees.id }).from(fees).where(eq(fees.id, id))
  const [exists] = lock ? await query.for('update') : await query
  if (!exists) return null
  const fee = await readFee(db, id)
  return {
    client: fee.divisionName,
    service: serviceText(fee),
    amount: amountText(fee.amount),
    effectiveFrom: fee.effectiveFrom,
    active: fee.active ? 'Yes' : 'No',
  }
}

export const feeCreateKind = defineKind<FeeValues>({
  type: 'FEE_CREATE',
  resource: 'fee',
  creates: true,
  labels,
  current: async () => null,
  proposed: (db, p) => proposedFee(db, p),
  async staleReason(tx, p) {
    try {
      await assertNoDuplicateFee(tx, p)
      return null
    } catch {
      return `A fee for this client and service from ${p.effectiveFrom} has been created`
    }
  },
  async apply(tx, audit, row, actors) {
    await assertFeeReferences(tx, row.proposal)
    return { resourceId: await writeFeeCreate(tx, audit, { input: row.proposal, createdBy: row.makerId, actors: { ...actors } }) }
  },
})

export const feeUpdateKind = defineKind<FeeValues>({
  type: 'FEE_UPDATE',
  resource: 'fee',
  creates: false,
  labels,
  current: (db, row, lock) => currentFeeSnapshot(db, row.resourceId!, lock),
  proposed: (db, p) => proposedFee(db, p),
  async apply(tx, audit, row, actors) {
    await assertFeeReferences(tx, row.proposal)
    // Another fee may have taken that day since the request: 409, and the request stays pending to be declined.
    await assertNoDuplicateFee(tx, row.proposal, row.resourceId!)
    await writeFeeUpdate(tx, audit, { id: row.resourceId!, input: row.proposal, actors: { ...actors } })
    return { resourceId: row.resourceId }
  },
})

registerKinds(feeCreateKind, feeUpdateKind)
