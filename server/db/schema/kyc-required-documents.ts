import { boolean, index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { REGISTRATION_CLASSES_DB } from './businesses'
import { kycDocumentTypes } from './kyc-document-types'

/**
 * The per-class documents matrix (docs/domain.md#kyc-documents): which document types a business of each registration
 * class provides. `isRequired` false lists the type for the class without requiring it. Rows of one class sharing an
 * `alternativeGroup` are alternatives: any one of them satisfies the requirement (RC: CAC 7 or the status report).
 */
export const kycRequiredDocuments = pgTable(
  'kyc_required_documents',
  {
    registrationClass: text('registration_class', { enum: REGISTRATION_CLASSES_DB }).notNull(),
    documentTypeId: uuid('document_type_id')
      .notNull()
      .references(() => kycDocumentTypes.id, { onDelete: 'cascade' }),
    isRequired: boolean('is_required').notNull().default(true),
    alternativeGroup: text('alternative_group'),
  },
  (t) => [
    primaryKey({ columns: [t.registrationClass, t.documentTypeId] }),
    index('kyc_required_documents_type_idx').on(t.documentTypeId),
  ],
)

export type KycRequiredDocument = typeof kycRequiredDocuments.$inferSelect
