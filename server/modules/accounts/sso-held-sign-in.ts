import { and, eq, isNotNull } from 'drizzle-orm'
import { createSession } from '@/server/auth/sessions'
import type { Executor } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { startChallenge } from '@/server/modules/factors/challenges'

/** The reason of the session row that holds an SSO sign-in while the portal's second factor is asked for. */
export const SSO_HELD_REASON = 'sso: waiting for the second factor'

/**
 * An SSO sign-in whose identity provider reported no second factor, by a user who holds one of the portal's: the
 * second step (POST /accounts/login/factor) must pass first. What the sign-in brought (the provider's refresh token,
 * encrypted) waits in a session row that is born revoked, so no token can ever name it; the SIGN_IN challenge points
 * at it, and the second step moves the refresh token into the session it starts (`takeHeldSsoSignIn`).
 */
export async function holdSsoSignIn(options: {
  db: Executor
  userId: string
  ip: string | null
  userAgent: string | null
  refreshToken: string | null
}) {
  const held = await createSession({
    db: options.db,
    userId: options.userId,
    ip: options.ip,
    userAgent: options.userAgent,
    authMethod: 'SSO',
    ssoRefreshToken: options.refreshToken,
  })
  await options.db.update(sessions).set({ revokedAt: new Date(), revokedReason: SSO_HELD_REASON }).where(eq(sessions.id, held.id))
  return startChallenge({
    db: options.db,
    userId: options.userId,
    purpose: 'SIGN_IN',
    sessionId: held.id,
    ip: options.ip,
    userAgent: options.userAgent,
  })
}

/**
 * The SSO sign-in a SIGN_IN challenge holds (null for a password sign-in): its refresh token, taken out of the held
 * row so it lives in one session only. A challenge naming a row that is not (or no longer) a held sign-in answers 401.
 */
export async function takeHeldSsoSignIn(
  db: Executor,
  challenge: { userId: string; sessionId: string | null },
): Promise<{ refreshToken: string | null } | null> {
  if (!challenge.sessionId) return null
  const [held] = await db
    .select({ refreshToken: sessions.ssoRefreshToken })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, challenge.sessionId),
        eq(sessions.userId, challenge.userId),
        eq(sessions.authMethod, 'SSO'),
        eq(sessions.revokedReason, SSO_HELD_REASON),
        isNotNull(sessions.revokedAt),
      ),
    )
  // A challenge that names a held sign-in never starts a password session: without its row, it is over.
  if (!held) throw new AppError('UNAUTHENTICATED', 'This sign-in has expired; start it again with single sign-on')
  await db.update(sessions).set({ ssoRefreshToken: null }).where(eq(sessions.id, challenge.sessionId))
  return { refreshToken: held.refreshToken ?? null }
}
