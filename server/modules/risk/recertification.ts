import { eq } from 'drizzle-orm'
import type { RiskModel } from '@/lib/contracts/risk'
import type { RiskTier } from '@/lib/contracts/risk-values'
import { isoDay } from '@/lib/format/iso-day'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Tx } from '@/server/db/client'
import { businesses, type Business } from '@/server/db/schema'

/** Years to the next recertification for a tier (docs/risk.md#recertification); PROHIBITED is reviewed as HIGH. */
export function recertificationYearsOf(model: RiskModel, tier: RiskTier): number {
  return model.recertificationYears[tier === 'PROHIBITED' ? 'HIGH' : tier]
}

/** `YYYY-MM-DD` plus whole calendar years (29 February moves to 1 March). */
export function addIsoYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return isoDay(new Date(Date.UTC(y + years, m - 1, d)))
}

/** The recertification date an approval on `approvedOn` gives a business of this tier. */
export function recertificationDateFor(model: RiskModel, tier: RiskTier, approvedOn: string): string {
  return addIsoYears(approvedOn, recertificationYearsOf(model, tier))
}

/**
 * An approved business whose tier in force changed: its recertification date moves by the difference of the two
 * periods (a HIGH business that was MEDIUM is reviewed a year sooner), never before today. Audited in the caller's
 * transaction. Answers the new date, or null when nothing moved.
 */
export async function moveRecertificationDate(
  tx: Tx,
  options: { business: Business; model: RiskModel; from: RiskTier; to: RiskTier; audit: AuditContext; now: Date },
): Promise<string | null> {
  const { business, model, from, to, now } = options
  if (business.approvalStatus !== 'APPROVED') return null
  const today = isoDay(now)
  const moved = business.recertificationDate
    ? addIsoYears(business.recertificationDate, recertificationYearsOf(model, to) - recertificationYearsOf(model, from))
    : recertificationDateFor(model, to, isoDay(business.approvedAt ?? now))
  const next = moved < today ? today : moved
  if (next === business.recertificationDate) return null
  await tx.update(businesses).set({ recertificationDate: next, updatedAt: now }).where(eq(businesses.id, business.id))
  await appendAudit(tx, options.audit, {
    resource: 'business',
    resourceId: business.id,
    action: 'RECERTIFICATION_DATE',
    before: { recertificationDate: business.recertificationDate, riskTier: from },
    after: { recertificationDate: next, riskTier: to },
  })
  return next
}
