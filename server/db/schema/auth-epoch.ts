import { bigint, pgTable, smallint } from 'drizzle-orm/pg-core'

/**
 * One row: a counter that triggers (migration 0017) raise whenever a committed write can change who an actor is or
 * what they may do (a session revoked, a user disabled or renamed, a role, permission or membership changed). The
 * per-process actor cache (server/auth/load-actor.ts) trusts an entry only while this value is unchanged, so every
 * server process on the database sees a revocation on its next request.
 */
export const authEpoch = pgTable('auth_epoch', {
  id: smallint('id').primaryKey().default(1),
  value: bigint('value', { mode: 'number' }).notNull().default(0),
})
