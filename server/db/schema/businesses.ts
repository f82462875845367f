import { sql } from 'drizzle-orm'
import { boolean, date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative path: drizzle-kit loads the schema without the `@/` alias.
import { RISK_TIERS } from '../../../lib/contracts/risk-values'
import { BUSINESS_SCREENING_STATUSES } from '../../../lib/contracts/screening-values'
import { businessCategories, businessDivisions, businessTypes } from './business-reference'
import { users } from './users'

export const APPROVAL_STATUSES = ['PENDING', 'APPROVED', 'DECLINED'] as const
export const ARCHIVE_STATUSES = ['ACTIVE', 'ARCHIVED'] as const
export const REGISTRATION_CLASSES_DB = ['RC', 'BN', 'IT', 'LP', 'LLP'] as const

/** The tenant every business-owned record hangs off. */
export const businesses = pgTable(
  'businesses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Class prefix plus number, upper case without spaces: `RC1234567`. */
    regNo: text('reg_no').notNull(),
    registrationClass: text('registration_class', { enum: REGISTRATION_CLASSES_DB }).notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => businessTypes.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => businessCategories.id),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    divisionId: uuid('division_id').references(() => businessDivisions.id, { onDelete: 'set null' }),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2'),
    city: text('city'),
    country: text('country').notNull(),
    state: text('state').notNull(),
    lga: text('lga'),
    approvalStatus: text('approval_status', { enum: APPROVAL_STATUSES }).notNull().default('PENDING'),
    kycDetailsCompleted: boolean('kyc_details_completed').notNull().default(false),
    /** The owner requires a second factor of every user of the business (docs/security.md#second-factors). */
    requireFactor: boolean('require_factor').notNull().default(false),
    archiveStatus: text('archive_status', { enum: ARCHIVE_STATUSES }).notNull().default('ACTIVE'),
    /** Its screening as every list shows it (docs/screening.md#screening-status-of-a-business), kept by the screening module. */
    screeningStatus: text('screening_status', { enum: BUSINESS_SCREENING_STATUSES }).notNull().default('NOT_SCREENED'),
    /**
     * The tier in force (docs/risk.md#the-tier-in-the-lists), kept by the risk module in the transaction that stores an
     * assessment or applies an override; null: never assessed.
     */
    riskTier: text('risk_tier', { enum: RISK_TIERS }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    recertificationDate: date('recertification_date'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * When the KYC was last marked complete (KYC_COMPLETED or KYC_RESUBMITTED in the audit log; written in the same
     * transaction by complete-kyc.ts, filled in from the audit log by migration 0046); null: no completion on record. The
     * operations dashboard counts a business without one as having entered the review at its registration
     * (docs/operations-dashboard.md#what-is-stored).
     */
    kycCompletedAt: timestamp('kyc_completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('businesses_reg_no_key').on(t.regNo),
    // Names are unique ignoring case and spaces ("Adebayo  Foods" = "adebayofoods").
    uniqueIndex('businesses_name_key').on(sql`lower(regexp_replace(${t.name}, '\\s', '', 'g'))`),
    index('businesses_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // A name search of one or two characters, which no trigram serves (server/http/pagination.ts `boundedListParts`):
    // every distinct character and pair of characters of lower(name) (`short_grams`, migration 0033).
    index('businesses_name_short_grams_idx').using('gin', sql`short_grams(lower(${t.name}))`),
    index('businesses_created_at_idx').on(t.createdAt),
    index('businesses_status_created_idx').on(t.approvalStatus, t.createdAt),
    // The staff list's walk (find-businesses.ts): newest first within the archive status, the common filters and the
    // name read from the index alone (an index-only scan), so a name search stops after a page of matches without
    // visiting the table. `name` itself, not lower(name): PostgreSQL computes an expression from a column of the index,
    // not from an expression. Also serves every (archive_status, created_at) read.
    index('businesses_list_idx').on(t.archiveStatus, t.createdAt, t.id, t.approvalStatus, t.kycDetailsCompleted, t.name),
    index('businesses_kyc_completed_idx').on(t.kycDetailsCompleted, t.createdAt),
    // The review queue (find-for-approval.ts `inQueue`): its count as an index-only scan instead of visiting every
    // PENDING row, and its page in (created_at, id) order, a name search included. The predicate must stay inQueue's
    // for the planner to use it.
    // Its assignee and maker too, so the queue's open items (service-levels/queue-sources.ts) are read from this index
    // alone: the operations dashboard's backlog and the escalation run.
    index('businesses_queue_idx')
      .on(t.createdAt, t.id, t.name, t.assigneeId, t.createdBy)
      .where(sql`${t.approvalStatus} = 'PENDING' AND ${t.kycDetailsCompleted} AND ${t.archiveStatus} = 'ACTIVE'`),
    // A name search in the queue: its trigrams over the queue's rows only, so a fragment with a few hundred matches in
    // the queue is found without walking the whole queue or visiting the other queues' matches.
    index('businesses_queue_name_trgm_idx')
      .using('gin', sql`lower(${t.name}) gin_trgm_ops`)
      .where(sql`${t.approvalStatus} = 'PENDING' AND ${t.kycDetailsCompleted} AND ${t.archiveStatus} = 'ACTIVE'`),
    // The same for a name search of one or two characters in the queue (the short grams, as
    // businesses_name_short_grams_idx).
    index('businesses_queue_name_short_grams_idx')
      .using('gin', sql`short_grams(lower(${t.name}))`)
      .where(sql`${t.approvalStatus} = 'PENDING' AND ${t.kycDetailsCompleted} AND ${t.archiveStatus} = 'ACTIVE'`),
    // The staff list sorted by name or approval date (`sort`, docs/api.md#lists): the page walks these in order and
    // stops after it, as businesses_list_idx does for the default (created_at) order.
    index('businesses_list_name_idx').on(t.archiveStatus, t.name, t.id),
    index('businesses_list_approved_idx').on(t.archiveStatus, t.approvedAt, t.id),
    // The review queue sorted by name.
    index('businesses_queue_by_name_idx')
      .on(t.name, t.id)
      .where(sql`${t.approvalStatus} = 'PENDING' AND ${t.kycDetailsCompleted} AND ${t.archiveStatus} = 'ACTIVE'`),
    // The businesses that were in the review with no completion on record (registered complete, or decided, before
    // completions were audited): the operations dashboard counts their entry at registration. Few rows, and none once
    // every business has come through the KYC's own completion.
    index('businesses_review_without_completion_idx')
      .on(t.createdAt)
      .where(sql`${t.kycCompletedAt} IS NULL AND (${t.kycDetailsCompleted} OR ${t.approvalStatus} <> 'PENDING')`),
    index('businesses_created_by_idx').on(t.createdBy),
    index('businesses_type_idx').on(t.typeId),
    index('businesses_category_idx').on(t.categoryId),
    index('businesses_division_idx').on(t.divisionId),
    index('businesses_recertification_idx').on(t.recertificationDate),
    // The lists' `riskTier` filter: each tier (and null, not assessed) in the lists' default order.
    index('businesses_risk_tier_idx').on(t.riskTier, t.archiveStatus, t.createdAt, t.id),
    index('businesses_email_idx').on(sql`lower(${t.email})`),
  ],
)

export type Business = typeof businesses.$inferSelect
