import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** Every login attempt per e-mail and IP, a record for support (throttling counts live in server/auth/throttles.ts). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    succeeded: boolean('succeeded').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempts_email_created_idx').on(t.email, t.createdAt)],
)
