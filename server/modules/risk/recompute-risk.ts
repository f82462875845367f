import { eq } from 'drizzle-orm'
import type { RiskFactor } from '@/lib/contracts/risk'
import type { RiskAssessmentReason } from '@/lib/contracts/risk-values'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { businesses, riskAssessments, riskOverrides, type RiskAssessmentRow } from '@/server/db/schema'
import { onSubmittedKycChange } from '@/server/modules/kyc/kyc-edit-access'
import { onScreeningChange } from '@/server/modules/screening/screen/screen-business'
import { lockBusinessRow } from '@/server/records/business-record'
import { assessBusiness, type RiskFacts } from './assess-business'
import { moveRecertificationDate } from './recertification'
import { gatherRiskFacts } from './risk-facts'
import { activeRiskModel, type ActiveRiskModel } from './risk-models'
import { currentAssessment, currentRiskState, effectiveTier, keepTierInForce } from './risk-state'

// Compared field by field: jsonb keeps an object's keys in its own order, not the one they were written in.
const factorKey = (factors: readonly RiskFactor[]) =>
  JSON.stringify(factors.map((f) => [f.code, f.label, f.points, f.detail, f.source]))
const sameFactors = (a: readonly RiskFactor[], b: readonly RiskFactor[]) => factorKey(a) === factorKey(b)

export interface Recomputed {
  assessment: RiskAssessmentRow
  /** False when the new computation gave what the current assessment already says (nothing was written). */
  changed: boolean
}

/**
 * Assesses one business under the active model (or `model`) and keeps the result as its current assessment when it
 * differs from the one before, or always when `force` (docs/risk.md#assessments). In the caller's transaction, with the
 * business row locked: the superseded assessment stays as history, the new one is audited, an override whose computed
 * tier has moved is flagged for review, and an approved business whose tier in force changed gets its recertification
 * date moved. Answers null for a business that does not exist.
 */
export async function recomputeRisk(
  tx: Tx,
  options: {
    businessId: string
    reason: RiskAssessmentReason
    audit: AuditContext
    now?: Date
    force?: boolean
    model?: ActiveRiskModel
    /** Facts gathered beforehand for a batch (gatherRiskFacts), so a batch reads them in a few queries. */
    facts?: RiskFacts
  },
): Promise<Recomputed | null> {
  const { businessId, audit, now = new Date() } = options
  const business = await lockBusinessRow(tx, businessId)
  if (!business) return null
  const active = options.model ?? (await activeRiskModel(tx))
  const facts = options.facts ?? (await gatherRiskFacts(tx, [businessId])).get(businessId)
  if (!facts) return null
  const result = assessBusiness({ model: active.model, facts })
  const { assessment: before, override } = await currentRiskState(tx, businessId)
  const same =
    before &&
    before.modelVersion === active.version &&
    before.score === result.score &&
    before.tier === result.tier &&
    sameFactors(before.factors, result.factors)
  if (same && !options.force) return { assessment: before, changed: false }

  if (before) await tx.update(riskAssessments).set({ supersededAt: now }).where(eq(riskAssessments.id, before.id))
  const [assessment] = await tx
    .insert(riskAssessments)
    .values({
      businessId,
      modelVersion: active.version,
      score: result.score,
      tier: result.tier,
      factors: result.factors,
      reason: options.reason,
      assessedAt: now,
    })
    .returning()
  await appendAudit(tx, audit, {
    resource: 'risk_assessment',
    resourceId: assessment!.id,
    action: 'ASSESS',
    before: before ? { tier: before.tier, score: before.score, modelVersion: before.modelVersion } : null,
    after: {
      businessId,
      tier: result.tier,
      score: result.score,
      modelVersion: active.version,
      reason: options.reason,
      factors: result.factors.map((f) => ({ code: f.code, points: f.points })),
    },
  })

  if (override && !override.reviewNeeded && override.computedTier !== result.tier) {
    await tx.update(riskOverrides).set({ reviewNeeded: true }).where(eq(riskOverrides.id, override.id))
    await appendAudit(tx, audit, {
      resource: 'risk_override',
      resourceId: override.id,
      action: 'REVIEW_NEEDED',
      before: { computedTier: override.computedTier },
      after: { computedTier: result.tier, overrideTier: override.tier },
    })
  }
  const to = effectiveTier(result.tier, override)
  if (business.riskTier !== to) await keepTierInForce(tx, businessId, to)
  if (before) {
    const from = effectiveTier(before.tier, override)
    if (from !== to) await moveRecertificationDate(tx, { business, model: active.model, from, to, audit, now })
  }
  return { assessment: assessment!, changed: true }
}

/** {@link recomputeRisk} in its own transaction. */
export function recomputeRiskNow(
  db: Database,
  options: Omit<Parameters<typeof recomputeRisk>[1], 'facts'>,
): Promise<Recomputed | null> {
  return db.transaction((tx) => recomputeRisk(tx, options))
}

// After the screening of the same change (registered late, so it reads the screening this write produced): the first
// assessment of a business is its submission's, every later one a change of its submitted KYC.
onSubmittedKycChange(
  async (tx, businessId, audit, now) => {
    const first = !(await currentAssessment(tx, businessId))
    await recomputeRisk(tx, { businessId, reason: first ? 'KYC_SUBMITTED' : 'KYC_CHANGED', audit, now })
  },
  { late: true },
)

// An adjudication or a monitoring run that changed a business's screening.
onScreeningChange(async (tx, businessId, audit, now) => {
  const first = !(await currentAssessment(tx, businessId))
  await recomputeRisk(tx, { businessId, reason: first ? 'KYC_SUBMITTED' : 'SCREENING_CHANGED', audit, now })
})

/** A product application changes the products factor of a business already submitted or approved (docs/risk.md#triggers). */
export async function followProductApplication(tx: Tx, options: { businessId: string; audit: AuditContext; now?: Date }) {
  const [business] = await tx
    .select({ completed: businesses.kycDetailsCompleted, status: businesses.approvalStatus })
    .from(businesses)
    .where(eq(businesses.id, options.businessId))
  if (!business || (!business.completed && business.status !== 'APPROVED')) return null
  return recomputeRisk(tx, { ...options, reason: 'PRODUCT_APPLIED' })
}
