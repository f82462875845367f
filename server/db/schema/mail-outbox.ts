import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Every e-mail the portal sends. Without SMTP this is the delivery; with SMTP it records what was sent. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    template: text('template').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_to_created_idx').on(t.to, t.createdAt)],
)
