import { eq } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword, verifyPassword } from '@/server/auth/password'
import { revokeSession, revokeUserSessions } from '@/server/auth/sessions'
import {
  clearPasswordChangeFailures,
  recordPasswordChangeFailure,
  signInWaitSeconds,
  withPasswordCheckSlot,
} from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { passwordChangedMail } from '@/server/integrations/mail/templates'
import { passwordCheckBusy, tooManyAttempts } from './log-in'

/**
 * Changes the signed-in user's password, signs out their other sessions and tells them by e-mail. Wrong current
 * passwords count as sign-in failures (same throttle); the 5th in a day signs this session out.
 */
export async function changePassword(options: {
  db: Database
  actor: Actor
  currentPassword: string
  newPassword: string
  audit: AuditContext
}) {
  const { db, actor, audit } = options
  // Someone holding a stolen session must not get unlimited guesses at the password: the sign-in throttle applies.
  const user = await withPasswordCheckSlot(
    { email: actor.email, ip: audit.ip },
    () => checkCurrentPassword(options),
    passwordCheckBusy,
  )
  await clearPasswordChangeFailures(actor.userId)
  const passwordHash = await hashPassword(options.newPassword)
  const changedAt = new Date()
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: changedAt }).where(eq(users.id, actor.userId))
    const revoked = await revokeUserSessions({
      db: tx,
      userId: actor.userId,
      reason: 'password changed',
      exceptSessionId: actor.sessionId,
    })
    await appendAudit(tx, audit, {
      resource: 'user',
      resourceId: actor.userId,
      action: 'PASSWORD_CHANGED',
      after: { otherSessionsRevoked: revoked },
    })
  })
  await sendMail({
    db,
    to: user.email,
    mail: passwordChangedMail({ firstName: user.firstName, when: changedAt, resetUrl: portalLinks.forgotPassword(user.email) }),
  })
  return { message: 'Your password has been changed. Other devices have been signed out.' }
}

/** The throttled check of the current password; wrong ones are counted, and the 5th in a day signs the session out. */
async function checkCurrentPassword(options: { db: Database; actor: Actor; currentPassword: string; audit: AuditContext }) {
  const { db, actor, audit } = options
  const wait = await signInWaitSeconds({ email: actor.email, ip: audit.ip })
  if (wait > 0) throw tooManyAttempts(wait)
  const user = await db.query.users.findFirst({ where: eq(users.id, actor.userId) })
  if (!user?.passwordHash || !(await verifyPassword(user.passwordHash, options.currentPassword))) {
    const signOut = await recordPasswordChangeFailure({ userId: actor.userId, email: actor.email, ip: audit.ip })
    await db.transaction(async (tx) => {
      const revoked =
        signOut && (await revokeSession({ db: tx, sessionId: actor.sessionId, reason: 'too many wrong current passwords' }))
      await appendAudit(tx, audit, {
        resource: 'user',
        resourceId: actor.userId,
        action: 'PASSWORD_CHANGE_FAILED',
        after: { sessionRevoked: revoked },
      })
    })
    if (signOut)
      throw new AppError('UNAUTHENTICATED', 'Too many wrong passwords: you have been signed out. Sign in again to continue.')
    throw new AppError('VALIDATION_FAILED', 'The current password is wrong', { field: 'currentPassword' })
  }
  return user
}
