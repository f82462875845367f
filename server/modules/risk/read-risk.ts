import { and, asc, count, desc, eq } from 'drizzle-orm'
import type { PageQuery } from '@/lib/contracts/pagination'
import type { BusinessRisk } from '@/lib/contracts/risk'
import type { Database, Executor } from '@/server/db/client'
import { riskAssessments, riskFirstApprovals, type RiskAssessmentRow, type RiskOverrideRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { RISK_READERS } from './risk-access'
import { namesOf } from './risk-models'
import { currentAssessment, currentOverride, effectiveTier } from './risk-state'

const toAssessment = (row: RiskAssessmentRow) => ({
  id: row.id,
  tier: row.tier,
  score: row.score,
  modelVersion: row.modelVersion,
  factors: row.factors,
  reason: row.reason,
  assessedAt: row.assessedAt.toISOString(),
})

async function toOverride(db: Executor, row: RiskOverrideRow) {
  const names = await namesOf(db, [row.proposedBy, row.approvedBy])
  return {
    id: row.id,
    tier: row.tier,
    reason: row.reason,
    computedTier: row.computedTier,
    reviewNeeded: row.reviewNeeded,
    proposedBy: row.proposedBy ? (names.get(row.proposedBy) ?? null) : null,
    approvedBy: row.approvedBy ? (names.get(row.approvedBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * `GET /businesses/{id}/risk` (docs/risk.md#api): the current assessment with the override beside it, to staff who may
 * read the business; null when the business has not been assessed yet (its KYC not submitted).
 */
export async function getBusinessRisk(options: { db: Database; actor: Actor; businessId: string }): Promise<BusinessRisk | null> {
  const { db, actor, businessId } = options
  assertStaffWithAny(actor, ...RISK_READERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  const [assessment, override, [first]] = await Promise.all([
    currentAssessment(db, businessId),
    currentOverride(db, businessId),
    db.select().from(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, businessId)),
  ])
  if (!assessment) return null
  return {
    tier: effectiveTier(assessment.tier, override),
    computedTier: assessment.tier,
    score: assessment.score,
    modelVersion: assessment.modelVersion,
    factors: assessment.factors,
    ...(override ? { override: await toOverride(db, override) } : {}),
    assessedAt: assessment.assessedAt.toISOString(),
    reason: assessment.reason,
    ...(first ? { firstApproval: { approvedBy: first.approverName, approvedAt: first.approvedAt.toISOString() } } : {}),
  }
}

/** `GET /businesses/{id}/risk/history`: every assessment of the business, newest first by default. */
export async function findRiskHistory(options: { db: Database; actor: Actor; businessId: string; query: PageQuery }) {
  const { db, actor, businessId, query } = options
  assertStaffWithAny(actor, ...RISK_READERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  const where = and(eq(riskAssessments.businessId, businessId))
  return findPage({
    query,
    rows: db
      .select()
      .from(riskAssessments)
      .where(where)
      .orderBy(
        query.recentFirst ? desc(riskAssessments.assessedAt) : asc(riskAssessments.assessedAt),
        query.recentFirst ? desc(riskAssessments.id) : asc(riskAssessments.id),
      ),
    count: () => db.select({ value: count() }).from(riskAssessments).where(where),
    content: (rows) => rows.map(toAssessment),
  })
}
