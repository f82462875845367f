import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { encryptedText } from '../../crypto/encrypted-columns'
import { users } from './users'

/** docs/security.md#second-factors: authenticator apps (RFC 6238) and passkeys or security keys (WebAuthn). */
export const FACTOR_KINDS = ['TOTP', 'WEBAUTHN'] as const
export type FactorKind = (typeof FACTOR_KINDS)[number]

export const userFactors = pgTable(
  'user_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FACTOR_KINDS }).notNull(),
    /** The user's own name for it ("Work phone", "YubiKey"). */
    name: text('name').notNull(),
    /** Null while the enrolment waits for its confirmation code (or the passkey's attestation); only confirmed factors count. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** TOTP: the base32 secret, field-encrypted like identity numbers. */
    totpSecret: encryptedText('totp_secret'),
    /** TOTP: the last time step accepted; a code of this step or an earlier one is a replay. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** WebAuthn: the credential id (base64url), unique across users. */
    credentialId: text('credential_id'),
    /** WebAuthn: the COSE public key (base64url). */
    publicKey: text('public_key'),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_factors_user_id_idx').on(t.userId),
    uniqueIndex('user_factors_credential_id_key')
      .on(t.credentialId)
      .where(sql`${t.credentialId} IS NOT NULL`),
  ],
)

export type UserFactor = typeof userFactors.$inferSelect

/** Ten single-use recovery codes per user, stored as keyed hashes; a new set replaces the old one. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
)

export const FACTOR_CHALLENGE_PURPOSES = ['SIGN_IN', 'STEP_UP', 'ENROL'] as const
export type FactorChallengePurpose = (typeof FACTOR_CHALLENGE_PURPOSES)[number]

/**
 * A password that passed and waits for its second factor (SIGN_IN), or a WebAuthn challenge handed to the browser
 * (every purpose). The token's SHA-256 only; single use, short-lived, dead after five wrong codes.
 */
export const factorChallenges = pgTable(
  'factor_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: FACTOR_CHALLENGE_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The WebAuthn challenge (base64url) the browser must sign, when one was issued. */
    webauthnChallenge: text('webauthn_challenge'),
    /** The session a STEP_UP or ENROL challenge belongs to. */
    sessionId: uuid('session_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('factor_challenges_token_hash_key').on(t.tokenHash), index('factor_challenges_user_id_idx').on(t.userId)],
)
