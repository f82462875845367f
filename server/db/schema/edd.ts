import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative paths: drizzle-kit loads the schema without the `@/` alias.
import { EDD_ITEMS, type EddAnswerValues } from '../../../lib/contracts/risk-edd'
import { businesses } from './businesses'
import { kycDetails } from './kyc-details'
import { users } from './users'

/**
 * One answer of a HIGH business's enhanced due diligence (docs/risk.md#enhanced-due-diligence). The business's own
 * items have `personKey` '' ; a source of wealth is one per beneficial owner, keyed by who the person is
 * (`shareholderPersonKey`), so it survives their shareholder record being replaced. Kept when the tier drops.
 */
export const eddAnswers = pgTable(
  'edd_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    item: text('item', { enum: EDD_ITEMS }).notNull(),
    personKey: text('person_key').notNull().default(''),
    answer: jsonb('answer').$type<EddAnswerValues>().notNull(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('edd_answers_item_key').on(t.kycDetailsId, t.item, t.personKey)],
)

export type EddAnswerRow = typeof eddAnswers.$inferSelect
