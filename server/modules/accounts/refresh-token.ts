import { eq } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { issueLoginAnswer } from './login-answer'

/** A new access token for the same session; it never outlives the session's own limit. */
export async function refreshToken(options: { db: Database; actor: Actor }) {
  const session = await options.db.query.sessions.findFirst({ where: eq(sessions.id, options.actor.sessionId) })
  if (!session) throw new AppError('UNAUTHENTICATED', 'Your session has ended, please login again')
  return issueLoginAnswer(options.db, session)
}
