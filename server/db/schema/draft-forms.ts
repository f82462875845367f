import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { KYC_DETAIL_TYPES } from '../../../lib/contracts/kyc-values'
import { jsonbWithEncryptedPersonalValues } from '../../crypto/encrypted-columns'
import { businesses } from './businesses'
import { users } from './users'

/** A step's unsaved form, autosaved while the user types: one per business and KYC step. */
export const draftForms = pgTable(
  'draft_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    kycDetailTypeId: text('kyc_detail_type_id', { enum: KYC_DETAIL_TYPES }).notNull(),
    /** Personal values in it (bvn, idNumber...) are field-encrypted. */
    data: jsonbWithEncryptedPersonalValues('data').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('draft_forms_business_type_key').on(t.businessId, t.kycDetailTypeId),
    index('draft_forms_created_by_idx').on(t.createdBy),
    // A business's newest draft (the step its applicant last saved: the operations dashboard's KYC stops) read from the
    // index alone. The price: an autosave changes updated_at, so it is no longer a HOT update (its index entries are
    // written again); an autosave is a few a minute per applicant typing, the dashboard reads thousands of drafts.
    index('draft_forms_business_updated_idx').on(t.businessId, t.updatedAt, t.kycDetailTypeId),
  ],
)

export type DraftForm = typeof draftForms.$inferSelect
