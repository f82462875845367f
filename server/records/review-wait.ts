import { sql, type SQL } from 'drizzle-orm'

/**
 * A KYC completion that put the business in the review queue: the same test as the queue's own list
 * (server/modules/service-levels/queue-sources.ts) and, word for word, the predicate of migration 0044's partial
 * indexes `audits_kyc_completion_idx` / `audits_kyc_completion_at_idx`, so the lookups below are index-only.
 */
export const kycCompletionOf = (alias: string): SQL =>
  sql.raw(
    `${alias}.action IN ('KYC_COMPLETED', 'KYC_RESUBMITTED') AND ${alias}.resource = 'business' AND (${alias}.after ->> 'kycDetailsCompleted') = 'true' AND (${alias}.before IS NULL OR (${alias}.before ->> 'kycDetailsCompleted') IS DISTINCT FROM 'true')`,
  )

/**
 * The wait a business review decision ends, as stored on its `business_review_events` row
 * (docs/operations-dashboard.md#what-is-stored): when the business entered the queue (its latest KYC completion at or
 * before the decision, else its registration) and whether that wait was escalated (a `queue_breaches` row of the
 * business review between that entry and the decision). SQL values for the decision's INSERT, evaluated in the
 * decision's own transaction; migration 0045 filled in the decisions made before it with the same expressions.
 */
export function reviewWaitOf(businessId: string, decidedAt: Date): { enteredAt: SQL<Date>; breached: SQL<boolean> } {
  const enteredAt = sql<Date>`coalesce(
    (SELECT max(a.created_at) FROM audits a
      WHERE a.resource_id = ${businessId} AND a.created_at <= ${decidedAt} AND ${kycCompletionOf('a')}),
    (SELECT b.created_at FROM businesses b WHERE b.id = ${businessId}::uuid))`
  const breached = sql<boolean>`EXISTS (SELECT 1 FROM queue_breaches qb
    WHERE qb.queue = 'BUSINESS_REVIEW' AND qb.item_id = ${businessId}
      AND qb.breached_at >= ${enteredAt} AND qb.breached_at <= ${decidedAt})`
  return { enteredAt, breached }
}

/**
 * An escalation recorded while a decision was being taken: the run read the item as open, then the decision committed
 * before its INSERT, whose `breached_at` (the run's time) falls inside the wait the decision ended. Marks that decision
 * breached, in the escalation's transaction. Its INSERT already waited for the decision (the foreign key's share lock on
 * the business against the decision's row lock), so this statement sees the decision; a decision committed after the
 * escalation sees the escalation instead (reviewWaitOf).
 */
export function markDecisionBreached(businessId: string, breachedAt: Date): SQL {
  return sql`UPDATE business_review_events SET breached = true
    WHERE business_id = ${businessId}::uuid AND kind = 'DECISION' AND NOT breached
      AND entered_at <= ${breachedAt} AND created_at >= ${breachedAt}`
}
