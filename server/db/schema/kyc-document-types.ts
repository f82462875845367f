import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
// Relative path: drizzle-kit loads the schema without the `@/` alias.
import { DOCUMENT_TYPE_OWNERS } from '../../../lib/contracts/kyc-document-values'

/**
 * The kinds of KYC document (reference data, seeded; staff add and change them). `isCac` marks corporate-registry
 * (CAC) forms, which staff approve one by one; `isDeferrable` is the default for the deferrable mapping.
 */
export const kycDocumentTypes = pgTable(
  'kyc_document_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable key, upper case: `CAC_7`, `TIN_CERTIFICATE`. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isCac: boolean('is_cac').notNull().default(false),
    isDeferrable: boolean('is_deferrable').notNull().default(false),
    typeOwner: text('type_owner', { enum: DOCUMENT_TYPE_OWNERS }).notNull().default('COMPANY'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('kyc_document_types_code_key').on(t.code),
    uniqueIndex('kyc_document_types_name_key').on(sql`lower(${t.name})`),
    index('kyc_document_types_cac_idx').on(t.isCac, t.isActive),
  ],
)

export type KycDocumentType = typeof kycDocumentTypes.$inferSelect
