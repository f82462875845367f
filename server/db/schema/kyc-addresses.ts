import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { ADDRESS_VERIFICATION_STATUSES, KYC_ADDRESS_TYPES } from '../../../lib/contracts/kyc-values'
import { businesses } from './businesses'
import { files } from './files'
import { kycDetails } from './kyc-details'
import { users } from './users'

/**
 * An address of a business's KYC (registered office, operating address, a director's residence), with an optional
 * proof-of-address file and passport photo. The verification columns are set by staff review.
 */
export const kycAddresses = pgTable(
  'kyc_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    /** Denormalised from the KYC record so every read and write scopes by business without a join. */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type', { enum: KYC_ADDRESS_TYPES }).notNull(),
    /** Whose address it is (a director's residence). */
    contactName: text('contact_name'),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city'),
    country: text('country').notNull(),
    state: text('state').notNull(),
    lga: text('lga'),
    addressDocFileId: uuid('address_doc_file_id').references(() => files.id, { onDelete: 'set null' }),
    passportPhotoFileId: uuid('passport_photo_file_id').references(() => files.id, { onDelete: 'set null' }),
    verificationStatus: text('verification_status', { enum: ADDRESS_VERIFICATION_STATUSES }).notNull().default('PENDING'),
    verificationComment: text('verification_comment'),
    verifiedBy: uuid('verified_by').references(() => users.id, { onDelete: 'set null' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_addresses_kyc_idx').on(t.kycDetailsId, t.createdAt),
    index('kyc_addresses_business_idx').on(t.businessId),
    index('kyc_addresses_verification_idx').on(t.verificationStatus, t.createdAt),
    index('kyc_addresses_doc_file_idx').on(t.addressDocFileId),
    index('kyc_addresses_photo_file_idx').on(t.passportPhotoFileId),
  ],
)

export type KycAddress = typeof kycAddresses.$inferSelect
