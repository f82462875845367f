import { bigint, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

/**
 * A business's KYC record (the "company details" step). One per business; addresses, means of ID,
 * shareholders and documents hang off it.
 */
export const kycDetails = pgTable(
  'kyc_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Tax identification number. */
    tin: text('tin'),
    incorporationDate: date('incorporation_date'),
    natureOfBusiness: text('nature_of_business'),
    description: text('description'),
    numberOfEmployees: integer('number_of_employees'),
    /** Integer kobo. */
    annualTurnoverKobo: bigint('annual_turnover_kobo', { mode: 'number' }),
    countryOfIncorporation: text('country_of_incorporation'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('kyc_details_business_key').on(t.businessId), index('kyc_details_created_at_idx').on(t.createdAt)],
)

export type KycDetails = typeof kycDetails.$inferSelect
