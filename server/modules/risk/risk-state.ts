import { and, eq, isNull } from 'drizzle-orm'
import type { RiskTier } from '@/lib/contracts/risk-values'
import type { Executor, Tx } from '@/server/db/client'
import { businesses, riskAssessments, riskOverrides, type RiskAssessmentRow, type RiskOverrideRow } from '@/server/db/schema'

export async function currentAssessment(db: Executor, businessId: string): Promise<RiskAssessmentRow | undefined> {
  const [row] = await db
    .select()
    .from(riskAssessments)
    .where(and(eq(riskAssessments.businessId, businessId), isNull(riskAssessments.supersededAt)))
  return row
}

export async function currentOverride(db: Executor, businessId: string): Promise<RiskOverrideRow | undefined> {
  const [row] = await db
    .select()
    .from(riskOverrides)
    .where(and(eq(riskOverrides.businessId, businessId), isNull(riskOverrides.endedAt)))
  return row
}

/**
 * The current assessment and the override in force in one statement (a recomputation's transaction runs its statements
 * one after another). An override is only ever set over an assessment, so none is missed without one.
 */
export async function currentRiskState(
  db: Executor,
  businessId: string,
): Promise<{ assessment?: RiskAssessmentRow; override?: RiskOverrideRow }> {
  const [row] = await db
    .select({ assessment: riskAssessments, override: riskOverrides })
    .from(riskAssessments)
    .leftJoin(riskOverrides, and(eq(riskOverrides.businessId, riskAssessments.businessId), isNull(riskOverrides.endedAt)))
    .where(and(eq(riskAssessments.businessId, businessId), isNull(riskAssessments.supersededAt)))
  return { assessment: row?.assessment, override: row?.override ?? undefined }
}

/** The tier in force (docs/risk.md#overrides): an override's, except over PROHIBITED, which nothing lowers. */
export function effectiveTier(computed: RiskTier, override: Pick<RiskOverrideRow, 'tier'> | undefined): RiskTier {
  return computed === 'PROHIBITED' || !override ? computed : override.tier
}

/** The business's tier in force now, or null when it has never been assessed. */
export async function tierInForce(db: Executor, businessId: string): Promise<RiskTier | null> {
  const { assessment, override } = await currentRiskState(db, businessId)
  return assessment ? effectiveTier(assessment.tier, override) : null
}

/**
 * Keeps `businesses.risk_tier` (the lists' column and filter, docs/risk.md#the-tier-in-the-lists) equal to the tier in
 * force: called in the transaction that stores an assessment or applies an override, the business row locked.
 */
export async function keepTierInForce(tx: Tx, businessId: string, tier: RiskTier) {
  await tx.update(businesses).set({ riskTier: tier }).where(eq(businesses.id, businessId))
}
