import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { REGISTRATION_CLASSES_DB } from './businesses'
import { kycDocumentTypes } from './kyc-document-types'
import { users } from './users'

/**
 * Which document types a business of each registration class may defer (`GET`/`PUT /deferrals/deferrable-mapping`).
 * Seeded from the types' `isDeferrable` flag and the required-documents matrix; staff change it afterwards.
 */
export const deferrableMappings = pgTable(
  'deferrable_mappings',
  {
    registrationClass: text('registration_class', { enum: REGISTRATION_CLASSES_DB }).notNull(),
    documentTypeId: uuid('document_type_id')
      .notNull()
      .references(() => kycDocumentTypes.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.registrationClass, t.documentTypeId] }),
    index('deferrable_mappings_type_idx').on(t.documentTypeId),
  ],
)

export type DeferrableMapping = typeof deferrableMappings.$inferSelect
