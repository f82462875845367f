import { boolean, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { businesses } from './businesses'
import { users } from './users'

/** Preferences kept server-side so they follow the user between devices. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  defaultBusinessId: uuid('default_business_id').references(() => businesses.id, { onDelete: 'set null' }),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  marketingOptOut: boolean('marketing_opt_out').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
