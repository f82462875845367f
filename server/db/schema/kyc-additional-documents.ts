import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { files } from './files'
import { kycDetails } from './kyc-details'
import { users } from './users'

/** A file sent with the company-details form (multipart), kept as an additional company document. */
export const kycAdditionalDocuments = pgTable(
  'kyc_additional_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    label: text('label'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('kyc_additional_documents_kyc_idx').on(t.kycDetailsId, t.createdAt),
    index('kyc_additional_documents_file_idx').on(t.fileId),
  ],
)

export type KycAdditionalDocument = typeof kycAdditionalDocuments.$inferSelect
