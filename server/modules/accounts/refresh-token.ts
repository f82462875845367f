import { and, eq, isNull, sql } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { revokeSession } from '@/server/auth/sessions'
import type { Database } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { refreshAtIdentityProvider } from '@/server/integrations/oidc/identity-provider'
import { logger } from '@/server/logger'
import { issueLoginAnswer } from './login-answer'

const sessionEnded = () => new AppError('UNAUTHENTICATED', 'Your session has ended, please login again')

/**
 * A new access token for the same session; it never outlives the session's own limit. The session's token
 * generation moves on, so the token this one replaces is refused from now on (server/auth/load-actor.ts), here and
 * on every instance (the change raises the auth epoch). An SSO session first asks the identity provider
 * (`checkAtIdentityProvider`).
 */
export async function refreshToken(options: { db: Database; actor: Actor; audit: AuditContext }) {
  await checkAtIdentityProvider(options)
  const [session] = await options.db
    .update(sessions)
    .set({ tokenGeneration: sql`${sessions.tokenGeneration} + 1` })
    .where(and(eq(sessions.id, options.actor.sessionId), isNull(sessions.revokedAt)))
    .returning()
  if (!session) throw sessionEnded()
  return issueLoginAnswer(options.db, session)
}

/** The identity provider is asked about a session at most this often (per process). */
export const IDENTITY_PROVIDER_CHECK_MS = 60_000

/** Per SSO session: when this process last heard the provider accept it, and the check under way, if any. */
const lastAccepted = new Map<string, number>()
const checking = new Map<string, Promise<void>>()

/**
 * An SSO session's refresh uses its stored refresh token at the identity provider (docs/security.md#single-sign-on):
 * refused (`invalid_grant`: the user was disabled there, or their session there revoked) → the portal session is
 * revoked and the refresh answers 401; accepted → the rotated refresh token is stored. At most once a minute per
 * session and process (one check at a time per session: two parallel refreshes must not spend a rotating token
 * twice); an unreachable provider signs nobody out (logged; asked again at the next refresh).
 */
async function checkAtIdentityProvider(options: { db: Database; actor: Actor; audit: AuditContext }) {
  const { sessionId } = options.actor
  const running = checking.get(sessionId)
  if (running) return running
  const at = lastAccepted.get(sessionId)
  if (at !== undefined && Date.now() - at < IDENTITY_PROVIDER_CHECK_MS) return
  const check = askIdentityProvider(options).finally(() => checking.delete(sessionId))
  checking.set(sessionId, check)
  return check
}

async function askIdentityProvider(options: { db: Database; actor: Actor; audit: AuditContext }) {
  const { db, actor } = options
  const [session] = await db
    .select({ authMethod: sessions.authMethod, refreshToken: sessions.ssoRefreshToken })
    .from(sessions)
    .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt)))
  if (!session) throw sessionEnded()
  if (session.authMethod !== 'SSO') return
  if (!session.refreshToken) {
    // The provider gave no refresh token (it offers no offline_access): nothing to ask it with.
    lastAccepted.set(actor.sessionId, Date.now())
    return
  }
  const answer = await refreshAtIdentityProvider(session.refreshToken)
  if (answer.outcome === 'UNAVAILABLE') return
  if (answer.outcome === 'REFUSED') {
    lastAccepted.delete(actor.sessionId)
    await db.transaction(async (tx) => {
      const revoked = await revokeSession({ db: tx, sessionId: actor.sessionId, reason: 'sso: identity provider refused' })
      if (revoked) {
        await appendAudit(tx, options.audit, {
          resource: 'session',
          resourceId: actor.sessionId,
          action: 'SSO_SESSION_ENDED',
          after: { userId: actor.userId, reason: 'IDENTITY_PROVIDER_REFUSED', error: answer.error },
        })
      }
    })
    logger.info(
      { sessionId: actor.sessionId, error: answer.error },
      'sso: the identity provider refused a refresh; session revoked',
    )
    throw sessionEnded()
  }
  if (answer.refreshToken) {
    await db
      .update(sessions)
      .set({ ssoRefreshToken: answer.refreshToken })
      .where(and(eq(sessions.id, actor.sessionId), isNull(sessions.revokedAt)))
  }
  lastAccepted.set(actor.sessionId, Date.now())
  if (lastAccepted.size > 10_000) lastAccepted.delete(lastAccepted.keys().next().value!)
}
