import { and, count, eq, ne } from 'drizzle-orm'
import type { RevokedSessions } from '@/lib/contracts/sessions'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { revokeUserSessions } from '@/server/auth/sessions'
import type { Database } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { liveSessionsOf } from './find-sessions'

export const SIGNED_OUT_FROM_LIST = 'signed out from the sessions list'
export const SIGNED_OUT_EVERYWHERE_ELSE = 'signed out everywhere else'

/**
 * `DELETE /accounts/sessions/{id}`: ends one of the caller's own live sessions (their current one too, which signs
 * them out). Anyone else's session, or one already ended, is not found. Its tokens stop working at once: the revocation
 * raises the auth epoch, which drops every cached actor of it (docs/architecture.md#the-signed-in-hot-path-and-its-caches).
 */
export async function revokeOwnSession(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  const { db, actor, id, audit } = options
  await db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: SIGNED_OUT_FROM_LIST })
      .where(and(eq(sessions.id, id), liveSessionsOf(actor)))
      .returning({ id: sessions.id, ip: sessions.ip })
    if (!revoked) throw new AppError('NOT_FOUND', 'No such session: it may have ended already')
    await appendAudit(tx, audit, {
      resource: 'session',
      resourceId: id,
      action: 'SESSION_REVOKED',
      after: { reason: SIGNED_OUT_FROM_LIST, current: id === actor.sessionId },
    })
  })
}

/**
 * `POST /accounts/sessions/revoke-others`: ends every other session of the caller, keeping the one they called with.
 * Answers how many live sessions that signed out (sessions past their limit are closed too, but not counted).
 */
export async function revokeOtherSessions(options: {
  db: Database
  actor: Actor
  audit: AuditContext
}): Promise<RevokedSessions> {
  const { db, actor, audit } = options
  const revoked = await db.transaction(async (tx) => {
    const [live] = await tx
      .select({ value: count() })
      .from(sessions)
      .where(and(liveSessionsOf(actor), ne(sessions.id, actor.sessionId)))
    const closed = await revokeUserSessions({
      db: tx,
      userId: actor.userId,
      reason: SIGNED_OUT_EVERYWHERE_ELSE,
      exceptSessionId: actor.sessionId,
    })
    if (closed > 0) {
      await appendAudit(tx, audit, {
        resource: 'user',
        resourceId: actor.userId,
        action: 'OTHER_SESSIONS_REVOKED',
        after: { reason: SIGNED_OUT_EVERYWHERE_ELSE, revoked: live?.value ?? 0, closed },
      })
    }
    return live?.value ?? 0
  })
  return {
    revoked,
    message: revoked === 0 ? 'No other device was signed in.' : `Signed out ${revoked} other session${revoked === 1 ? '' : 's'}.`,
  }
}
