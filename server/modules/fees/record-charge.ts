import { and, desc, eq, lte } from 'drizzle-orm'
import type { KycServiceType } from '@/lib/contracts/fee-values'
import type { VerificationKind } from '@/lib/contracts/verification-values'
import { isoDay } from '@/lib/format/iso-day'
import type { Executor, Tx } from '@/server/db/client'
import { businesses, feeCharges, fees } from '@/server/db/schema'
import { ensureKycServiceDetail } from './kyc-services'

/** Which priced service a verification item is: a means of ID numbered as a NIN is a NIN check. */
export function serviceTypeOf(kind: VerificationKind, checkedValue: string): KycServiceType {
  if (kind === 'COMPANY') return 'CAC_LOOKUP'
  if (kind === 'BVN') return 'BVN'
  return checkedValue.startsWith('NATIONAL_ID_CARD:') ? 'NIN' : 'ID_DOCUMENT'
}

/** The fee in force on `at`'s UTC day: active, the latest `effectiveFrom` on or before it (unique per day). */
export async function feeInForce(db: Executor, options: { divisionId: string; serviceDetailId: string; at: Date }) {
  const [fee] = await db
    .select()
    .from(fees)
    .where(
      and(
        eq(fees.divisionId, options.divisionId),
        eq(fees.serviceDetailId, options.serviceDetailId),
        eq(fees.active, true),
        lte(fees.effectiveFrom, isoDay(options.at)),
      ),
    )
    .orderBy(desc(fees.effectiveFrom))
    .limit(1)
  return fee ?? null
}

/**
 * Records what one billable provider call costs, in the caller's transaction (the one writing the call's result): the
 * fee in force for the business's division. No division or no fee in force: the charge is recorded at 0 with `noFee`
 * set, so the call is still counted and the report shows what is unpriced.
 */
export async function recordProviderCharge(
  tx: Tx,
  call: {
    businessId: string
    providerCode: string
    serviceType: KycServiceType
    verificationId?: string | null
    providerReference?: string | null
    at: Date
  },
) {
  const [business] = await tx
    .select({ name: businesses.name, divisionId: businesses.divisionId })
    .from(businesses)
    .where(eq(businesses.id, call.businessId))
  const serviceDetailId = await ensureKycServiceDetail(tx, call.providerCode, call.serviceType)
  const divisionId = business?.divisionId ?? null
  const fee = divisionId ? await feeInForce(tx, { divisionId, serviceDetailId, at: call.at }) : null
  const [charge] = await tx
    .insert(feeCharges)
    .values({
      businessId: call.businessId,
      businessName: business?.name ?? '',
      divisionId,
      serviceDetailId,
      feeId: fee?.id ?? null,
      verificationId: call.verificationId ?? null,
      amountKobo: fee?.amountKobo ?? 0,
      noFee: !fee,
      providerReference: call.providerReference ?? null,
      createdAt: call.at,
    })
    .returning()
  return charge!
}
