import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { KYC_SERVICE_TYPES } from '../../../lib/contracts/fee-values'
import { businessDivisions } from './business-reference'
import { businesses } from './businesses'
import { kycVerifications } from './kyc-verifications'
import { users } from './users'

/** KYC providers a fee can price (seeded; `code` is the adapter's name in server/integrations/kyc-provider). */
export const kycServiceProviders = pgTable('kyc_service_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
})

/** One service of one provider (CAC lookup, BVN...): what a fee prices and a charge records (seeded). */
export const kycServiceDetails = pgTable(
  'kyc_service_details',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => kycServiceProviders.id, { onDelete: 'restrict' }),
    serviceType: text('service_type', { enum: KYC_SERVICE_TYPES }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('kyc_service_details_provider_service_key').on(t.providerId, t.serviceType)],
)

/**
 * The price of one provider's service for one client (a business division) from `effectiveFrom` (a UTC day). The fee
 * in force at a time is the active one with the latest `effectiveFrom` on or before that day; the unique index makes it
 * unambiguous. Amounts are integer kobo.
 */
export const fees = pgTable(
  'fees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    divisionId: uuid('division_id')
      .notNull()
      .references(() => businessDivisions.id, { onDelete: 'restrict' }),
    serviceDetailId: uuid('service_detail_id')
      .notNull()
      .references(() => kycServiceDetails.id, { onDelete: 'restrict' }),
    amountKobo: integer('amount_kobo').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fees_client_service_effective_key').on(t.divisionId, t.serviceDetailId, t.effectiveFrom),
    index('fees_service_idx').on(t.serviceDetailId),
    check('fees_amount_not_negative', sql`${t.amountKobo} >= 0`),
  ],
)

/**
 * One billable provider call: the business, its division (the fee client) at the time, the service and the fee in
 * force then, copied as `amountKobo`. `noFee`: no fee was in force, so the call is recorded at 0 for someone to price.
 */
export const feeCharges = pgTable(
  'fee_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    businessName: text('business_name').notNull(),
    divisionId: uuid('division_id').references(() => businessDivisions.id, { onDelete: 'set null' }),
    serviceDetailId: uuid('service_detail_id')
      .notNull()
      .references(() => kycServiceDetails.id, { onDelete: 'restrict' }),
    feeId: uuid('fee_id').references(() => fees.id, { onDelete: 'set null' }),
    verificationId: uuid('verification_id').references(() => kycVerifications.id, { onDelete: 'set null' }),
    amountKobo: integer('amount_kobo').notNull(),
    noFee: boolean('no_fee').notNull().default(false),
    providerReference: text('provider_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('fee_charges_created_idx').on(t.createdAt),
    index('fee_charges_division_idx').on(t.divisionId, t.createdAt),
    index('fee_charges_service_idx').on(t.serviceDetailId, t.createdAt),
  ],
)

export type Fee = typeof fees.$inferSelect
export type FeeCharge = typeof feeCharges.$inferSelect
