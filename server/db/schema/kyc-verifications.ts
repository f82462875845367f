import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative path: drizzle-kit loads the schema without the `@/` alias.
import { VERIFICATION_KINDS, VERIFICATION_STATUSES } from '../../../lib/contracts/verification-values'
import { encryptedText } from '../../crypto/encrypted-columns'
import { businesses } from './businesses'
import { kycDetails } from './kyc-details'
import { users } from './users'

/**
 * One verifiable item of a business's KYC (docs/domain.md#verification-of-kyc-details): the company registry lookup,
 * a means of ID, an individual shareholder's BVN. PENDING → VERIFIED or FAILED, through the provider adapter or a
 * staff member's manual result. `subjectId` is the KYC record, means of ID or shareholder it is about (no foreign key:
 * it points into one of three tables). When the checked value changes (a new ID number) or the subject goes, the row
 * is superseded and kept as history; a new PENDING row takes its place.
 */
export const kycVerifications = pgTable(
  'kyc_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VERIFICATION_KINDS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    /** What a reviewer reads: whose item and which number. */
    label: text('label').notNull(),
    /** The value checked (registration number and name, ID type and number, BVN): a change means a new check. Field-encrypted. */
    checkedValue: encryptedText('checked_value').notNull(),
    provider: text('provider').notNull().default('MANUAL'),
    status: text('status', { enum: VERIFICATION_STATUSES }).notNull().default('PENDING'),
    comment: text('comment'),
    providerReference: text('provider_reference'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** A PENDING or FAILED item waived for approval (docs/domain.md#verification-of-kyc-details): who, when, why. */
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waiverReason: text('waiver_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_verifications_current_key')
      .on(t.kind, t.subjectId)
      .where(sql`${t.supersededAt} IS NULL`),
    index('kyc_verifications_business_idx').on(t.businessId, t.createdAt),
    // The re-verification run and the pending counts.
    index('kyc_verifications_status_idx')
      .on(t.status, t.createdAt)
      .where(sql`${t.supersededAt} IS NULL`),
  ],
)

export type KycVerification = typeof kycVerifications.$inferSelect
