import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { UPLOAD_PURPOSES } from '../../../lib/contracts/file-types'
import { businesses } from './businesses'
import { users } from './users'

// Relative path: drizzle-kit loads the schema without the `@/` alias.
export { UPLOAD_PURPOSES, type UploadPurpose } from '../../../lib/contracts/file-types'
export const FILE_STATUSES = ['PENDING', 'CONFIRMED'] as const

/**
 * One uploaded blob. A row is created when the upload slot is handed out (PENDING) and confirmed once the
 * blob's bytes have been checked; only CONFIRMED files may be attached to records.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The business the file belongs to; access to the file follows access to this business. */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: UPLOAD_PURPOSES }).notNull(),
    fileName: text('file_name').notNull(),
    /** The declared type at slot time; replaced by the sniffed type on confirm. */
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /**
     * PENDING: `staging/{uuid}/{name}`, the only blob the upload SAS can write. CONFIRMED: `{uuid}/{name}`, a copy
     * of the checked bytes that no SAS reaches.
     */
    blobName: text('blob_name').notNull(),
    /** SHA-256 (hex) of the confirmed bytes; serving checks it. Null for files confirmed before it was recorded. */
    sha256: text('sha256'),
    status: text('status', { enum: FILE_STATUSES }).notNull().default('PENDING'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('files_blob_name_key').on(t.blobName),
    index('files_business_idx').on(t.businessId, t.purpose),
    index('files_uploaded_by_idx').on(t.uploadedBy),
  ],
)

export type StoredFile = typeof files.$inferSelect
