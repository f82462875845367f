import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { BUSINESS_DECISIONS } from './business-comments'
import { businesses } from './businesses'
import { users } from './users'

export const BUSINESS_REVIEW_EVENT_KINDS = ['DECISION', 'ARCHIVE', 'UNARCHIVE', 'STAFF_KYC_EDIT'] as const

/**
 * Staff transitions of a business that carry a reason the business or other staff must see later: decisions
 * (the latest one shows on the dashboard) and archive/unarchive (the archive list shows why and since when); and
 * each KYC write a staff user made (STAFF_KYC_EDIT), so the approval knows who made what it would accept
 * (docs/domain.md#four-eyes). The audit log holds the same facts for auditors; this table answers with an index.
 */
export const businessReviewEvents = pgTable(
  'business_review_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: BUSINESS_REVIEW_EVENT_KINDS }).notNull(),
    /** Set for DECISION only. */
    decision: text('decision', { enum: BUSINESS_DECISIONS }),
    reason: text('reason'),
    /** A decline over a true sanctions match: the reference of the report filed with the NFIU (docs/screening.md). */
    reportReference: text('report_reference'),
    /**
     * DECISION only: when the business entered the review queue for the wait this decision ended (its latest KYC
     * completion at or before the decision, else its registration), stored by the decision so the operations dashboard
     * reads a period's decisions from this table alone (docs/operations-dashboard.md#what-is-stored).
     */
    enteredAt: timestamp('entered_at', { withTimezone: true }),
    /** DECISION only: the wait was escalated (a `queue_breaches` row between `enteredAt` and the decision). */
    breached: boolean('breached'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_review_events_business_idx').on(t.businessId, t.kind, t.createdAt),
    // The decisions of a period (docs/operations-dashboard.md), with every column the dashboard counts and sorts of them
    // (not the reason) so that its passes over a year of decisions are index-only: the table's rows are wide.
    index('business_review_events_kind_created_idx').on(t.kind, t.createdAt, t.enteredAt, t.actorId, t.decision, t.breached),
    // The declines of a period, whose reasons the dashboard counts: a few rows among the decisions.
    index('business_review_events_declines_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'DECISION' AND ${t.decision} = 'DECLINED'`),
    // Every writer of a decision stores its wait (migration 0045 filled in the decisions made before).
    check(
      'business_review_events_decision_wait_check',
      sql`${t.kind} <> 'DECISION' OR (${t.enteredAt} IS NOT NULL AND ${t.breached} IS NOT NULL)`,
    ),
  ],
)

export type BusinessReviewEvent = typeof businessReviewEvents.$inferSelect
