import { eq } from 'drizzle-orm'
import type { AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { requestAuthorization } from '@/server/modules/authorizations/request-authorization'
import { factorSnapshot } from './factor-reset-kind'

/**
 * Asks for a user's second factors to be reset: a PENDING authorization another administrator decides (four-eyes);
 * nothing changes until then. Nobody asks it for themselves.
 */
export async function requestFactorReset(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  userId: string
  reason: string
}) {
  const { db, actor, userId } = options
  if (userId === actor.userId) {
    throw new AppError('FORBIDDEN', 'You cannot reset your own second factors: ask another administrator')
  }
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId))
  if (!user) throw notFound('User')
  const before = (await factorSnapshot(db, user.id))!
  return requestAuthorization({
    db,
    actor,
    audit: options.audit,
    type: 'USER_FACTOR_RESET',
    resource: 'user',
    resourceId: user.id,
    targetKey: `user-factors:${user.id}`,
    target: user.email,
    proposal: { email: user.email },
    before,
    reason: options.reason,
  })
}
