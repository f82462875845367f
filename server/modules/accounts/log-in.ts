import { and, count, desc, eq, gt } from 'drizzle-orm'
import type { LoginAnswer } from '@/lib/contracts/accounts'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword, verifyPassword } from '@/server/auth/password'
import { createSession } from '@/server/auth/sessions'
import type { Database } from '@/server/db/client'
import { loginAttempts, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { issueLoginAnswer } from './login-answer'

export const LOGIN_MAX_FAILURES = 5
export const LOGIN_WINDOW_MINUTES = 15
export const LOGIN_FAILED_MESSAGE = 'The e-mail or password is wrong, or the account is not activated yet.'

let timingHash: Promise<string> | undefined
/** Verifying against this when the e-mail is unknown makes every failure take as long as a real check. */
const dummyHash = () => (timingHash ??= hashPassword('timing-equaliser-not-a-password'))

/**
 * Seconds until this e-mail may try again: after 5 failures in 15 minutes (counted since its last success),
 * until the oldest of them leaves the window. Never a permanent lockout.
 */
export async function loginRetryAfterSeconds(db: Database, email: string, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MINUTES * 60_000)
  const [lastSuccess] = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.createdAt, windowStart)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(1)
  const since = lastSuccess && lastSuccess.at > windowStart ? lastSuccess.at : windowStart
  const failures = await db
    .select({ at: loginAttempts.createdAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, since)))
    .orderBy(desc(loginAttempts.createdAt))
    .limit(LOGIN_MAX_FAILURES)
  if (failures.length < LOGIN_MAX_FAILURES) return 0
  const oldestCounted = failures[failures.length - 1]!.at
  return Math.max(1, Math.ceil((oldestCounted.getTime() + LOGIN_WINDOW_MINUTES * 60_000 - now.getTime()) / 1000))
}

export async function logIn(options: {
  db: Database
  email: string
  password: string
  audit: AuditContext
  userAgent: string | null
}): Promise<LoginAnswer> {
  const { db, email, audit } = options
  const retryAfter = await loginRetryAfterSeconds(db, email)
  if (retryAfter > 0) {
    throw new AppError('RATE_LIMITED', `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
      retryAfterSeconds: retryAfter,
    })
  }

  const user = await db.query.users.findFirst({ where: eq(users.email, email) })
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), options.password)
  const reason = !user ? 'UNKNOWN_EMAIL' : !passwordMatches ? 'WRONG_PASSWORD' : user.status !== 'ACTIVE' ? user.status : null

  if (reason || !user) {
    await db.transaction(async (tx) => {
      await tx.insert(loginAttempts).values({ email, succeeded: false, ip: audit.ip })
      await appendAudit(tx, { ...audit, actorId: null, actorEmail: email }, {
        resource: 'session',
        resourceId: user?.id ?? null,
        action: 'LOGIN_FAILED',
        after: { email, reason },
      })
    })
    throw new AppError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE)
  }

  const session = await db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email, succeeded: true, ip: audit.ip })
    const created = await createSession({ db: tx, userId: user.id, ip: audit.ip, userAgent: options.userAgent })
    await appendAudit(tx, { ...audit, actorId: user.id, actorEmail: user.email }, {
      resource: 'session',
      resourceId: created.id,
      action: 'LOGIN_SUCCEEDED',
      after: { userId: user.id, expiresAt: created.expiresAt.toISOString() },
    })
    return created
  })
  return issueLoginAnswer(db, session)
}

/** Re-export for callers that only need the count (tests, admin tooling). */
export async function countRecentFailures(db: Database, email: string): Promise<number> {
  const windowStart = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000)
  const [row] = await db
    .select({ value: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.createdAt, windowStart)))
  return row?.value ?? 0
}
