import { and, eq, isNull, sql } from 'drizzle-orm'
import type { SignInAnswer } from '@/lib/contracts/factors'
import type { Database } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { issueLoginAnswer } from '@/server/modules/accounts/login-answer'
import type { SsoFlow } from './flow-cookie'

/**
 * `POST /accounts/sso/session`: the login answer of the session the callback started, for the browser that holds the
 * SIGNED_IN flow cookie; the login page then stores it and posts it to `/api/login`, as after a password (the portal
 * cookie is set there, by the same code). Once only: the session's first token generation is taken by a conditional
 * update, so a second claim (or a replayed cookie) answers 404, as a browser without the cookie does (like the
 * partner handover's import: server/modules/external-business/handover.ts). The access token never travels in a URL.
 */
const nothingWaiting = () =>
  new AppError('NOT_FOUND', 'No single sign-on is waiting in this browser (it expired or was already used); start it again')

export async function claimSsoSession(options: {
  db: Database
  flow: Extract<SsoFlow, { step: 'SIGNED_IN' }> | null
}): Promise<SignInAnswer> {
  const { db, flow } = options
  if (!flow) throw nothingWaiting()
  const [session] = await db
    .update(sessions)
    .set({ tokenGeneration: sql`${sessions.tokenGeneration} + 1` })
    .where(
      and(
        eq(sessions.id, flow.sessionId),
        eq(sessions.userId, flow.userId),
        eq(sessions.authMethod, 'SSO'),
        eq(sessions.tokenGeneration, 0),
        isNull(sessions.revokedAt),
      ),
    )
    .returning()
  if (!session) throw nothingWaiting()
  const answer = await issueLoginAnswer(db, session)
  return session.enrolmentOnly ? { ...answer, enrolment_required: true } : answer
}
