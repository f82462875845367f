import { sql } from 'drizzle-orm'
import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Append-only, hash-chained audit log. `seq` orders the chain; each row's `hash` covers its own fields and the
 * previous row's hash. A trigger (migration 0001) refuses UPDATE, DELETE and TRUNCATE.
 */
/**
 * A completion of the KYC that put a business in the review queue (docs/service-levels.md#queues), word for word as
 * server/records/review-wait.ts writes it (`kycCompletionOf`), so the planner matches the partial indexes below.
 */
const KYC_COMPLETION = sql.raw(
  `action IN ('KYC_COMPLETED', 'KYC_RESUBMITTED') AND resource = 'business' AND (after ->> 'kycDetailsCompleted') = 'true' AND (before IS NULL OR (before ->> 'kycDetailsCompleted') IS DISTINCT FROM 'true')`,
)

export const audits = pgTable(
  'audits',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid('id').notNull().unique().defaultRandom(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    action: text('action').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    index('audits_created_at_idx').on(t.createdAt),
    index('audits_resource_idx').on(t.resource, t.createdAt),
    index('audits_actor_idx').on(t.actorId, t.createdAt),
    index('audits_action_idx').on(t.action),
    // A record's history (audit filters, the review queue's "waiting since").
    index('audits_resource_id_idx').on(t.resourceId, t.createdAt),
    // The KYC completions that put a business in the review queue (docs/operations-dashboard.md#definitions): the
    // entries of a period, and each decision's latest entry before it, without walking every business's history.
    index('audits_kyc_completion_at_idx').on(t.createdAt).where(KYC_COMPLETION),
    index('audits_kyc_completion_idx').on(t.resourceId, t.createdAt).where(KYC_COMPLETION),
  ],
)

export type Audit = typeof audits.$inferSelect
