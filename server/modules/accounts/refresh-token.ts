import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { issueLoginAnswer } from './login-answer'

/**
 * A new access token for the same session; it never outlives the session's own limit. The session's token
 * generation moves on, so the token this one replaces is refused from now on (server/auth/load-actor.ts), here and
 * on every instance (the change raises the auth epoch).
 */
export async function refreshToken(options: { db: Database; actor: Actor }) {
  const [session] = await options.db
    .update(sessions)
    .set({ tokenGeneration: sql`${sessions.tokenGeneration} + 1` })
    .where(and(eq(sessions.id, options.actor.sessionId), isNull(sessions.revokedAt)))
    .returning()
  if (!session) throw new AppError('UNAUTHENTICATED', 'Your session has ended, please login again')
  return issueLoginAnswer(options.db, session)
}
