import { sql } from 'drizzle-orm'
import { bigint, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

/**
 * The built-in CRM directory (server/integrations/crm/database-crm.ts): accounts staff import from CSV
 * (`POST /crm/accounts/import`, upserted by `externalRef`). Searched by name like the other search boxes (trigram
 * index on the lower-cased name).
 */
export const crmAccounts = pgTable(
  'crm_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account's id in the CRM (the CSV's `externalRef`): what an import upserts by. */
    externalRef: text('external_ref').notNull().unique(),
    name: text('name').notNull(),
    regNo: text('reg_no'),
    /** Hints for the create-business form: the business type and category names as the CRM spells them. */
    typeHint: text('type_hint'),
    categoryHint: text('category_hint'),
    addressLine1: text('address_line1'),
    city: text('city'),
    state: text('state'),
    country: text('country'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_accounts_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`)],
)

/** An opportunity of a CRM account: what the bank is selling it, in kobo. */
export const crmOpportunities = pgTable(
  'crm_opportunities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    externalRef: text('external_ref').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => crmAccounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    stage: text('stage').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }),
    productCode: text('product_code'),
    closeDate: date('close_date', { mode: 'string' }),
  },
  (t) => [index('crm_opportunities_account_idx').on(t.accountId)],
)

/**
 * A partner's handover (docs/domain.md#external-business-handover): the verified claims of a signed reference, kept
 * from `GET /external/business/retrieve` until `GET /external/business/import` turns them into a business owned by the
 * importing user (then `businessId` and `userId` are set, and a second import answers the same business). Only the
 * browser that retrieved it can import it (`tokenHash`).
 */
export const externalHandovers = pgTable('external_handovers', {
  id: uuid('id').primaryKey().defaultRandom(),
  externalBusinessId: text('external_business_id').notNull().unique(),
  issuer: text('issuer').notNull(),
  claims: jsonb('claims').notNull(),
  returnUrl: text('return_url'),
  retrievedAt: timestamp('retrieved_at', { withTimezone: true }).notNull().defaultNow(),
  businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  importedAt: timestamp('imported_at', { withTimezone: true }),
  /**
   * SHA-256 of the one-time handover token the retrieve gave the browser (an HttpOnly cookie): the import must present
   * it, so knowing the partner's business id is not enough. Emptied once the business is imported.
   */
  tokenHash: text('token_hash'),
})
