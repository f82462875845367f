import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { SUPPORT_INQUIRY_STATUSES } from '../../../lib/contracts/support-values'
import { files } from './files'
import { users } from './users'

/**
 * A message sent through the contact-us form (`POST /support/inquiries`), by a visitor or a signed-in user. It is
 * e-mailed to SUPPORT_EMAIL and acknowledged to the sender with its `reference`.
 */
export const supportInquiries = pgTable(
  'support_inquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Quoted to the sender (`SUP-YYMMDD-XXXXXX`). */
    reference: text('reference').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The optional attachment: a CONFIRMED `files` row (purpose SUPPORT_ATTACHMENT) holding blob, type and size. */
    attachmentFileId: uuid('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The signed-in sender, if any. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: SUPPORT_INQUIRY_STATUSES }).notNull().default('OPEN'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_inquiries_reference_key').on(t.reference),
    index('support_inquiries_created_at_idx').on(t.createdAt),
    index('support_inquiries_user_idx').on(t.userId),
  ],
)

export type SupportInquiryRow = typeof supportInquiries.$inferSelect
