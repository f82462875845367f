import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'

export const REMINDER_KINDS = ['DEFERRAL', 'RECERTIFICATION'] as const

/**
 * One row per reminder e-mailed: the unique key (kind, item, due date) is what makes "never twice for the same
 * item and due date" hold even when two runs overlap. A new due date (a recertification date moved) reminds again.
 */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: REMINDER_KINDS }).notNull(),
    /** The deferral's id, or the business's id for a recertification. */
    itemId: uuid('item_id').notNull(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    dueDate: date('due_date').notNull(),
    recipients: text('recipients').array().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminders_sent_item_key').on(t.kind, t.itemId, t.dueDate),
    index('reminders_sent_business_idx').on(t.businessId),
  ],
)
