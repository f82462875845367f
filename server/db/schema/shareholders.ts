import { sql } from 'drizzle-orm'
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { PEP_STATUSES, SHAREHOLDER_ROLES, SHAREHOLDER_TYPES } from '../../../lib/contracts/kyc-values'
import { encryptedText } from '../../crypto/encrypted-columns'
import { businesses } from './businesses'
import { kycDetails } from './kyc-details'
import { users } from './users'

/**
 * A shareholder of a business, or (with `parentShareholderId`) of a corporate shareholder, nested to any depth.
 * Individuals carry a name, nationality and BVN; corporates, trusts and nominees a name and registration number.
 * A person under a trust or a nominee (`role` set) holds nothing there: settlor, trustee, beneficiary or principal
 * (docs/ownership.md).
 */
export const shareholders = pgTable(
  'shareholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The corporate shareholder this one holds shares in; null for a direct shareholder. Deleting a corporate deletes its subtree. */
    parentShareholderId: uuid('parent_shareholder_id').references((): AnyPgColumn => shareholders.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SHAREHOLDER_TYPES }).notNull(),
    /** A person under a trust (SETTLOR, TRUSTEE, BENEFICIARY) or a nominee (PRINCIPAL); null for a holding. */
    role: text('role', { enum: SHAREHOLDER_ROLES }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    nationality: text('nationality'),
    /** Field-encrypted (server/crypto/field-cipher.ts); `bvnIndex` is its blind index. */
    bvn: encryptedText('bvn'),
    bvnIndex: text('bvn_index'),
    /** `YYYY-MM-DD`, field-encrypted like the identity numbers; null for a person captured before it was asked. */
    dateOfBirth: encryptedText('date_of_birth'),
    /** The PEP declaration (docs/domain.md#dates-of-birth-and-pep-declarations); null until declared. */
    pepStatus: text('pep_status', { enum: PEP_STATUSES }),
    pepPosition: text('pep_position'),
    /** ISO 3166-1 alpha-2. */
    pepCountry: text('pep_country'),
    /** Corporate, trust or nominee name. */
    companyName: text('company_name'),
    /** Corporate registration number, class plus digits (`RC1234567`). */
    registrationNumber: text('registration_number'),
    /** Hundredths of a percent (0–10000), so sums are exact. */
    percentageUnits: integer('percentage_units').notNull(),
    /** Voting rights in hundredths of a percent; null when they follow the shares. */
    votingUnits: integer('voting_units'),
    /** The holding gives the right to appoint or remove a majority of the held entity's directors. */
    appointsMajority: boolean('appoints_majority').notNull().default(false),
    /** A declared significant influence or control over the held entity, with its description. */
    significantInfluence: boolean('significant_influence').notNull().default(false),
    influenceDescription: text('influence_description'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shareholders_kyc_idx').on(t.kycDetailsId, t.createdAt),
    index('shareholders_parent_idx').on(t.parentShareholderId),
    index('shareholders_business_idx').on(t.businessId),
    index('shareholders_bvn_index_idx').on(t.bvnIndex),
    check('shareholders_percentage_range', sql`${t.percentageUnits} >= 0 AND ${t.percentageUnits} <= 10000`),
    check('shareholders_voting_range', sql`${t.votingUnits} IS NULL OR (${t.votingUnits} >= 0 AND ${t.votingUnits} <= 10000)`),
  ],
)

export type Shareholder = typeof shareholders.$inferSelect
