import { eq } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword, verifyPassword } from '@/server/auth/password'
import { revokeUserSessions } from '@/server/auth/sessions'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { passwordChangedMail } from '@/server/integrations/mail/templates'
import { portalLinks } from './portal-links'

/** Changes the signed-in user's password, signs out their other sessions and tells them by e-mail. */
export async function changePassword(options: {
  db: Database
  actor: Actor
  currentPassword: string
  newPassword: string
  audit: AuditContext
}) {
  const { db, actor } = options
  const user = await db.query.users.findFirst({ where: eq(users.id, actor.userId) })
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    throw new AppError('VALIDATION_FAILED', 'The current password is wrong', { field: 'currentPassword' })
  }
  const passwordHash = await hashPassword(options.newPassword)
  const changedAt = new Date()
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: changedAt }).where(eq(users.id, actor.userId))
    const revoked = await revokeUserSessions({ db: tx, userId: actor.userId, reason: 'password changed', exceptSessionId: actor.sessionId })
    await appendAudit(tx, options.audit, { resource: 'user', resourceId: actor.userId, action: 'PASSWORD_CHANGED', after: { otherSessionsRevoked: revoked } })
  })
  await sendMail({ db, to: user.email, mail: passwordChangedMail({ firstName: user.firstName, when: changedAt, resetUrl: portalLinks.forgotPassword(user.email) }) })
  return { message: 'Your password has been changed. Other devices have been signed out.' }
}
