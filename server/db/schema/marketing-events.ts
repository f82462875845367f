import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/** The built-in marketing sink: identify / track / page calls recorded for reports. */
export const marketingEvents = pgTable(
  'marketing_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type', { enum: ['identify', 'track', 'page', 'contact'] }).notNull(),
    event: text('event'),
    path: text('path'),
    email: text('email'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    anonymousId: text('anonymous_id'),
    channel: text('channel'),
    properties: jsonb('properties'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_events_created_at_idx').on(t.createdAt), index('marketing_events_email_idx').on(t.email)],
)
