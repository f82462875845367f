import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core'
// Relative path: drizzle-kit loads the schema without the `@/` alias.
import { KYC_DOCUMENT_STATUSES } from '../../../lib/contracts/kyc-document-values'
import { businesses } from './businesses'
import { files } from './files'
import { kycDetails } from './kyc-details'
import { kycDocumentTypes } from './kyc-document-types'
import { shareholders } from './shareholders'
import { users } from './users'

/**
 * A file attached to a business's KYC as one document type. One current row per (KYC record, type); a new upload
 * supersedes the current one (`supersededAt`, `supersededById`), which is kept, with its file, as history.
 * Review (CAC approval, staff) and re-upload requests are recorded on the row they concern.
 * A document of a shareholder document type (type owner CORPORATE_SHAREHOLDER or INDIVIDUAL) belongs to one
 * shareholder: one current row per (KYC record, type, shareholder).
 */
export const kycDocuments = pgTable(
  'kyc_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kycDetailsId: uuid('kyc_details_id')
      .notNull()
      .references(() => kycDetails.id, { onDelete: 'cascade' }),
    /** Denormalised from the KYC record, for scoping and staff queues. */
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    documentTypeId: uuid('document_type_id')
      .notNull()
      .references(() => kycDocumentTypes.id),
    /**
     * The shareholder a shareholder document is about; null for the business's own documents. Deleting the shareholder
     * deletes its documents (current and history): they prove nothing about the business once it is not a shareholder.
     */
    shareholderId: uuid('shareholder_id').references(() => shareholders.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    status: text('status', { enum: KYC_DOCUMENT_STATUSES }).notNull().default('PENDING'),
    reviewComment: text('review_comment'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When the owners were e-mailed this decision: decisions wait for their review's one e-mail (docs/domain.md#review-e-mails). */
    decisionMailedAt: timestamp('decision_mailed_at', { withTimezone: true }),
    reuploadReason: text('reupload_reason'),
    reuploadRequestedBy: uuid('reupload_requested_by').references(() => users.id, { onDelete: 'set null' }),
    reuploadRequestedAt: timestamp('reupload_requested_at', { withTimezone: true }),
    /** Set when the business uploads the replacement. */
    reuploadResolvedAt: timestamp('reupload_resolved_at', { withTimezone: true }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    supersededById: uuid('superseded_by_id').references((): AnyPgColumn => kycDocuments.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('kyc_documents_current_key')
      .on(t.kycDetailsId, t.documentTypeId)
      .where(sql`${t.supersededAt} IS NULL AND ${t.shareholderId} IS NULL`),
    uniqueIndex('kyc_documents_current_shareholder_key')
      .on(t.shareholderId, t.documentTypeId)
      .where(sql`${t.supersededAt} IS NULL AND ${t.shareholderId} IS NOT NULL`),
    // The cascade from shareholders, and history rows (superseded) too.
    index('kyc_documents_shareholder_idx').on(t.shareholderId),
    uniqueIndex('kyc_documents_file_key').on(t.fileId),
    index('kyc_documents_business_idx').on(t.businessId, t.documentTypeId),
    index('kyc_documents_status_created_idx').on(t.status, t.createdAt),
    index('kyc_documents_reupload_open_idx')
      .on(t.businessId)
      .where(sql`${t.reuploadRequestedAt} IS NOT NULL AND ${t.reuploadResolvedAt} IS NULL`),
  ],
)

export type KycDocument = typeof kycDocuments.$inferSelect
