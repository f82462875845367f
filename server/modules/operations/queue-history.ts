import { sql, type SQL } from 'drizzle-orm'
import type { DashboardQueue } from '@/lib/contracts/operations-values'
import { ARCHIVE_STATUSES } from '@/server/db/schema'
import { kycCompletionOf } from '@/server/records/review-wait'

/**
 * What each queue's history is made of (docs/operations-dashboard.md#definitions), read from the tables the product
 * writes as it works: when an item entered the queue and when, by whom and how it was decided.
 *
 * - `entries(start, end)`: one row per entry into the queue in [start, end), column `entered_at`.
 * - `decisions(start, end)`: one row per decision in [start, end), columns `item_id`, `entered_at` (the entry the
 *   decision ended), `decided_at`, `decided_by`, `negative` (declined, rejected, failed, a true match), `reason` and
 *   `breached` (the item was escalated between that entry and the decision: a `queue_breaches` row of the queue; NULL
 *   where not stored, `storesBreach`).
 */
export interface QueueHistory {
  entries(start: Date, end: Date): SQL
  decisions(start: Date, end: Date): SQL
  /**
   * The decisions' `breached` is stored (the business review, server/records/review-wait.ts); else it is NULL and the
   * dashboard joins the period's decisions with the queue's escalations (one hash join: an EXISTS per decision in the
   * select list is a lookup per decision).
   */
  storesBreach: boolean
}

/**
 * The businesses registered in [start, end), as `businesses_list_idx` (archive_status, created_at, id, approval_status,
 * kyc_details_completed, …) reads them: naming every archive status makes that a range scan of the index per status,
 * and the index holds every column the dashboard reads of them, so the table is not visited (an index-only scan).
 */
export const registeredIn = (alias: string, start: Date, end: Date) =>
  sql`${sql.raw(alias)}.archive_status IN (${sql.join(
    ARCHIVE_STATUSES.map((s) => sql.raw(`'${s}'`)),
    sql`, `,
  )}) AND ${sql.raw(alias)}.created_at >= ${start} AND ${sql.raw(alias)}.created_at < ${end}`

const businessReview: QueueHistory = {
  // Each completion; a business with none on record (registered complete, or decided, before completions were
  // audited: `kyc_completed_at` is null) entered at its registration. Those are read from their own partial index
  // (businesses_review_without_completion_idx, whose predicate this must repeat): an anti-join of the period's
  // registrations with the audit log's completions took a third of a year's dashboard.
  entries: (start, end) => sql`
    SELECT a.created_at AS entered_at FROM audits a
    WHERE ${kycCompletionOf('a')} AND a.created_at >= ${start} AND a.created_at < ${end}
    UNION ALL
    SELECT b.created_at FROM businesses b
    WHERE b.kyc_completed_at IS NULL AND (b.kyc_details_completed OR b.approval_status <> 'PENDING')
      AND b.created_at >= ${start} AND b.created_at < ${end}`,
  // The decision recorded with its reason (business_review_events DECISION: approve, decline, the senior approval),
  // with the wait it ended as the decision stored it (server/records/review-wait.ts): one index range of one table,
  // where finding each decision's entry and escalations from the audit log took most of a year's time
  // (bench/results/issue-41-operations-dashboard.md).
  decisions: (start, end) => sql`
    SELECT e.business_id::text AS item_id, e.entered_at, e.created_at AS decided_at, e.actor_id AS decided_by,
      e.decision = 'DECLINED' AS negative, CASE WHEN e.decision = 'DECLINED' THEN e.reason END AS reason, e.breached
    FROM business_review_events e
    WHERE e.kind = 'DECISION' AND e.created_at >= ${start} AND e.created_at < ${end}`,
  storesBreach: true,
}

/** A queue whose rows carry their own entry and decision times (the row's latest decision). */
function ownRows(options: {
  table: string
  entered: string
  enteredWhere?: string
  decidedBy: string
  decidedStatuses: string[]
  negativeStatus: string
  reason: string
}): QueueHistory {
  const { table, entered, decidedBy, negativeStatus, reason } = options
  const statuses = options.decidedStatuses.map((s) => `'${s}'`).join(', ')
  return {
    entries: (start, end) =>
      sql`SELECT ${sql.raw(entered)} AS entered_at FROM ${sql.raw(table)} r
        WHERE ${sql.raw(entered)} >= ${start} AND ${sql.raw(entered)} < ${end}${sql.raw(options.enteredWhere ? ` AND ${options.enteredWhere}` : '')}`,
    decisions: (start, end) =>
      sql`SELECT r.id::text AS item_id, ${sql.raw(entered)} AS entered_at, r.decided_at, ${sql.raw(decidedBy)} AS decided_by,
          r.status = '${sql.raw(negativeStatus)}' AS negative,
          CASE WHEN r.status = '${sql.raw(negativeStatus)}' THEN ${sql.raw(reason)} END AS reason,
          NULL::boolean AS breached
        FROM ${sql.raw(table)} r
        WHERE r.status IN (${sql.raw(statuses)}) AND r.decided_at >= ${start} AND r.decided_at < ${end}`,
    storesBreach: false,
  }
}

export const QUEUE_HISTORIES: Readonly<Record<DashboardQueue, QueueHistory>> = {
  BUSINESS_REVIEW: businessReview,
  // FULFILLED: approved, then the document arrived; still an approval.
  DEFERRALS: ownRows({
    table: 'deferrals',
    entered: 'r.created_at',
    decidedBy: 'r.decided_by',
    decidedStatuses: ['APPROVED', 'REJECTED', 'FULFILLED'],
    negativeStatus: 'REJECTED',
    reason: 'r.decision_comment',
  }),
  // COMPLETED: approved, then live.
  PRODUCT_APPLICATIONS: ownRows({
    table: 'onboarding_products',
    entered: 'coalesce(r.submitted_at, r.created_at)',
    enteredWhere: 'r.submitted_at IS NOT NULL',
    decidedBy: 'r.decided_by',
    decidedStatuses: ['APPROVED', 'DECLINED', 'COMPLETED'],
    negativeStatus: 'DECLINED',
    reason: 'r.decision_comment',
  }),
  // STALE is the system's (the record changed), not a decision.
  AUTHORIZATIONS: ownRows({
    table: 'authorizations',
    entered: 'r.created_at',
    decidedBy: 'r.checker_id',
    decidedStatuses: ['APPROVED', 'DECLINED'],
    negativeStatus: 'DECLINED',
    reason: 'r.comment',
  }),
  VERIFICATION_ITEMS: ownRows({
    table: 'kyc_verifications',
    entered: 'r.created_at',
    decidedBy: 'r.decided_by',
    decidedStatuses: ['VERIFIED', 'FAILED'],
    negativeStatus: 'FAILED',
    reason: 'r.comment',
  }),
  SCREENING_HITS: ownRows({
    table: 'screening_hits',
    entered: 'r.created_at',
    decidedBy: 'r.decided_by',
    decidedStatuses: ['FALSE_MATCH', 'TRUE_MATCH'],
    negativeStatus: 'TRUE_MATCH',
    reason: 'r.reason',
  }),
}
