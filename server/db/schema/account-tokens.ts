import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users'

export const ACCOUNT_TOKEN_PURPOSES = ['ACTIVATION', 'PASSWORD_RESET', 'INVITATION'] as const
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number]

/** Activation links and password-reset codes: only a keyed hash is stored; single use, short-lived. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against this code (password reset allows 5). */
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_purpose_hash_key').on(t.purpose, t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose, t.createdAt),
  ],
)
