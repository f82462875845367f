import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { factorChallenges, type FactorChallengePurpose } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'

/** A password that passed has this long to be followed by its second factor. */
export const CHALLENGE_TTL_SECONDS = 300
/** Wrong codes a challenge takes before it is dead (the account's sign-in throttle counts them too). */
export const CHALLENGE_MAX_FAILURES = 5

const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** Starts a challenge; the token is handed to the client once, only its hash is kept. */
export async function startChallenge(options: {
  db: Executor
  userId: string
  purpose: FactorChallengePurpose
  sessionId?: string | null
  ip: string | null
  userAgent?: string | null
  webauthnChallenge?: string | null
}): Promise<{ token: string; expiresIn: number }> {
  const token = randomBytes(32).toString('base64url')
  await options.db.insert(factorChallenges).values({
    userId: options.userId,
    purpose: options.purpose,
    tokenHash: tokenHash(token),
    sessionId: options.sessionId ?? null,
    ip: options.ip,
    userAgent: options.userAgent?.slice(0, 500) ?? null,
    webauthnChallenge: options.webauthnChallenge ?? null,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000),
  })
  return { token, expiresIn: CHALLENGE_TTL_SECONDS }
}

const expired = () =>
  new AppError('UNAUTHENTICATED', 'This sign-in has expired or was already used; start again with your password')

/** The live challenge a token names (unused, unexpired, under the failure limit), or 401. */
export async function liveChallenge(db: Executor, token: string, purpose: FactorChallengePurpose) {
  const [challenge] = await db
    .select()
    .from(factorChallenges)
    .where(
      and(
        eq(factorChallenges.tokenHash, tokenHash(token)),
        eq(factorChallenges.purpose, purpose),
        isNull(factorChallenges.usedAt),
        gt(factorChallenges.expiresAt, new Date()),
        lt(factorChallenges.failures, CHALLENGE_MAX_FAILURES),
      ),
    )
  if (!challenge) throw expired()
  return challenge
}

export async function countChallengeFailure(db: Executor, id: string) {
  await db
    .update(factorChallenges)
    .set({ failures: sql`${factorChallenges.failures} + 1` })
    .where(eq(factorChallenges.id, id))
}

/** Spends the challenge; of two concurrent uses one wins and the other gets 401. */
export async function spendChallenge(db: Executor, id: string) {
  const spent = await db
    .update(factorChallenges)
    .set({ usedAt: new Date() })
    .where(and(eq(factorChallenges.id, id), isNull(factorChallenges.usedAt)))
    .returning({ id: factorChallenges.id })
  if (!spent.length) throw expired()
}
