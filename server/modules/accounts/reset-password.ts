import { timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword } from '@/server/auth/password'
import { revokeUserSessions } from '@/server/auth/sessions'
import { recordWrongResetCode, resetCodeWaitSeconds } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { accountTokens, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { hashAccountToken, OTP_MAX_ATTEMPTS } from './account-tokens'

const WRONG_CODE = 'The code is wrong or has expired. Request a new code.'

/**
 * Sets a new password with the e-mailed code: the latest live code of that account, single use, 10 minutes,
 * dead after 5 wrong guesses. Every session of the user is revoked. Wrong codes are also capped per address and
 * per IP per day (known addresses or not, so the answers stay alike): then 429 without looking at the code.
 */
export async function resetPassword(options: {
  db: Database
  otp: string
  email: string
  password: string
  audit: AuditContext
}) {
  const { db, email } = options
  const ip = options.audit.ip
  const wait = await resetCodeWaitSeconds({ email, ip })
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', 'Too many wrong codes today. Try again later.', { retryAfterSeconds: wait })
  }
  const wrongCode = async () => {
    await recordWrongResetCode({ email, ip })
    return new AppError('VALIDATION_FAILED', WRONG_CODE, { field: 'otp' })
  }
  const passwordHash = await hashPassword(options.password)
  const user = await db.query.users.findFirst({ where: eq(users.email, email) })
  if (!user || user.status !== 'ACTIVE') throw await wrongCode()

  const [code] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.userId, user.id),
        eq(accountTokens.purpose, 'PASSWORD_RESET'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, new Date()),
        lt(accountTokens.attempts, OTP_MAX_ATTEMPTS),
      ),
    )
    .orderBy(desc(accountTokens.createdAt))
    .limit(1)
  if (!code) throw await wrongCode()

  const matches = timingSafeEqual(Buffer.from(code.tokenHash), Buffer.from(hashAccountToken('PASSWORD_RESET', options.otp)))
  if (!matches) {
    await db
      .update(accountTokens)
      .set({ attempts: sql`${accountTokens.attempts} + 1` })
      .where(eq(accountTokens.id, code.id))
    throw await wrongCode()
  }

  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(accountTokens.id, code.id), isNull(accountTokens.usedAt), lt(accountTokens.attempts, OTP_MAX_ATTEMPTS)))
      .returning({ id: accountTokens.id })
    if (!consumed) throw new AppError('VALIDATION_FAILED', WRONG_CODE, { field: 'otp' })

    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id))
    const revoked = await revokeUserSessions({ db: tx, userId: user.id, reason: 'password reset' })
    await appendAudit(
      tx,
      { ...options.audit, actorId: user.id, actorEmail: user.email },
      {
        resource: 'user',
        resourceId: user.id,
        action: 'PASSWORD_RESET',
        after: { sessionsRevoked: revoked },
      },
    )
    return { message: 'Your password has been reset. Sign in with your new password.' }
  })
}
