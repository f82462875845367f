import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { encryptedText } from '../../crypto/encrypted-columns'
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
    /** When a second factor was last used in this session (sign-in, step-up, or an IdP's `amr`): step-up needs it within 5 min. */
    factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
    /** When the password was last proven in this session: the step-up of a user who has no factor (where none is required). */
    passwordVerifiedAt: timestamp('password_verified_at', { withTimezone: true }),
    /** The user must enrol a factor before anything else (staff policy, or after a reset): only enrolment calls work. */
    enrolmentOnly: boolean('enrolment_only').notNull().default(false),
    /** How the session began: the portal's password, or single sign-on with the bank's identity provider. */
    authMethod: text('auth_method', { enum: ['PASSWORD', 'SSO'] })
      .notNull()
      .default('PASSWORD'),
    /** SSO: the identity provider's refresh token (encrypted), used at each refresh to learn whether the user is still enabled there. */
    ssoRefreshToken: encryptedText('sso_refresh_token'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
)

export type Session = typeof sessions.$inferSelect
