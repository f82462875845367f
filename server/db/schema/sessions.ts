import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

/** A signed-in session. Access tokens name it; revoking it ends every token minted for it. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hard limit (SESSION_MAX_HOURS after login); refreshing a token never extends it. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * Raised by every token refresh; a token names the generation it was minted for and is refused once the session
     * has moved past it, so a refreshed token revokes the one it replaces.
     */
    tokenGeneration: integer('token_generation').notNull().default(0),
    /** The last authenticated call (written at most once a minute): staff sessions end after STAFF_IDLE_TIMEOUT_MINUTES. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export type Session = typeof sessions.$inferSelect
