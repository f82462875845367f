import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative paths: drizzle-kit loads the schema without the `@/` alias.
import type { RiskFactor, RiskModel } from '../../../lib/contracts/risk'
import {
  RISK_ASSESSMENT_REASONS,
  RISK_JOB_KINDS,
  RISK_MODEL_STATUSES,
  RISK_TIERS,
  SCORED_RISK_TIERS,
} from '../../../lib/contracts/risk-values'
import { businesses } from './businesses'
import { users } from './users'

/**
 * A version of the risk model (docs/risk.md#versions): PROPOSED until a second person approves it, then the one ACTIVE
 * version (the one before becomes SUPERSEDED). Never edited: a change is a new version.
 */
export const riskModels = pgTable(
  'risk_models',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    version: integer('version').notNull(),
    status: text('status', { enum: RISK_MODEL_STATUSES }).notNull(),
    model: jsonb('model').$type<RiskModel>().notNull(),
    reason: text('reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    activatedBy: uuid('activated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('risk_models_version_key').on(t.version),
    uniqueIndex('risk_models_one_active_key')
      .on(t.status)
      .where(sql`${t.status} = 'ACTIVE'`),
  ],
)

/**
 * A business's risk assessment (docs/risk.md#assessments): every factor with its points, the total and the tier under
 * one model version. The current one has no `supersededAt`; earlier ones are its history.
 */
export const riskAssessments = pgTable(
  'risk_assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    modelVersion: integer('model_version').notNull(),
    score: integer('score').notNull(),
    tier: text('tier', { enum: RISK_TIERS }).notNull(),
    factors: jsonb('factors').$type<RiskFactor[]>().notNull(),
    reason: text('reason', { enum: RISK_ASSESSMENT_REASONS }).notNull(),
    assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('risk_assessments_current_key')
      .on(t.businessId)
      .where(sql`${t.supersededAt} IS NULL`),
    index('risk_assessments_business_idx').on(t.businessId, t.assessedAt),
  ],
)

/**
 * A tier set by staff over the computed one, with its reason, applied through four-eyes (docs/risk.md#overrides). The
 * current one has no `endedAt`; `reviewNeeded` marks it when the computed tier has moved since it was approved.
 */
export const riskOverrides = pgTable(
  'risk_overrides',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    tier: text('tier', { enum: SCORED_RISK_TIERS }).notNull(),
    reason: text('reason').notNull(),
    computedTier: text('computed_tier', { enum: RISK_TIERS }).notNull(),
    reviewNeeded: boolean('review_needed').notNull().default(false),
    proposedBy: uuid('proposed_by').references(() => users.id, { onDelete: 'set null' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('risk_overrides_current_key')
      .on(t.businessId)
      .where(sql`${t.endedAt} IS NULL`),
  ],
)

/**
 * The first approval of a HIGH business, waiting for a senior approval by someone else (docs/risk.md#approval). One per
 * business at most; it goes with the decision that follows (approval or decline).
 */
export const riskFirstApprovals = pgTable('risk_first_approvals', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  approverName: text('approver_name').notNull(),
  comment: text('comment'),
  approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Work over every business in batches, resumable (docs/risk.md#jobs): the recomputation after a model version goes live,
 * the recertification backfill. `afterId` is the keyset cursor: the last business done.
 */
export const riskJobs = pgTable(
  'risk_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: RISK_JOB_KINDS }).notNull(),
    modelVersion: integer('model_version'),
    status: text('status', { enum: ['QUEUED', 'RUNNING', 'DONE'] })
      .notNull()
      .default('QUEUED'),
    afterId: uuid('after_id'),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('risk_jobs_status_idx').on(t.status, t.createdAt)],
)

export type RiskModelRow = typeof riskModels.$inferSelect
export type RiskAssessmentRow = typeof riskAssessments.$inferSelect
export type RiskOverrideRow = typeof riskOverrides.$inferSelect
export type RiskJob = typeof riskJobs.$inferSelect
