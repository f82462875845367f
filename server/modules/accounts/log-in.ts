import { eq } from 'drizzle-orm'
import { FACTOR_METHODS, type FactorChallengeAnswer, type SignInAnswer } from '@/lib/contracts/factors'
import { appendAudit, emailSubject, type AuditContext } from '@/server/audit/append-audit'
import { hashPassword, verifyPassword } from '@/server/auth/password'
import { createSession } from '@/server/auth/sessions'
import { recordSignInFailure, recordSignInSuccess, signInWaitSeconds, withPasswordCheckSlot } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { loginAttempts, users, type User } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { startChallenge } from '@/server/modules/factors/challenges'
import { confirmedFactors, factorRequirement } from '@/server/modules/factors/factor-policy'
import { issueLoginAnswer } from './login-answer'
import { noticeNewDevice } from './notice-new-device'

export const LOGIN_FAILED_MESSAGE = 'The e-mail or password is wrong, or the account is not activated yet.'

let timingHash: Promise<string> | undefined
/** Verifying against this when the e-mail is unknown makes every failure take as long as a real check. */
const dummyHash = () => (timingHash ??= hashPassword('timing-equaliser-not-a-password'))

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', `Too many failed attempts. Try again in ${Math.ceil(retryAfterSeconds / 60)} minute(s).`, {
    retryAfterSeconds,
  })
}

/** A second password check of the same account from the same address while one is under way: a second's wait. */
export function passwordCheckBusy(): AppError {
  return new AppError('RATE_LIMITED', 'Another sign-in to this account is being checked. Try again in a moment.', {
    retryAfterSeconds: 1,
  })
}

/**
 * The password step. A user holding a second factor gets a challenge for the second step (POST
 * /accounts/login/factor) and no session yet; the sign-in throttle's failures are cleared only when that step passes,
 * so a known password does not buy unlimited code guesses. A user who must hold a factor and has none gets a session
 * that may only enrol one (docs/security.md#second-factors).
 */
export async function logIn(options: {
  db: Database
  email: string
  password: string
  audit: AuditContext
  userAgent: string | null
}): Promise<SignInAnswer | FactorChallengeAnswer> {
  const { db, email, audit } = options
  const user = await withPasswordCheckSlot({ email, ip: audit.ip }, () => checkPassword(options), passwordCheckBusy)

  const factors = await confirmedFactors(db, user.id)
  if (factors.length) {
    const challenge = await db.transaction(async (tx) => {
      const started = await startChallenge({
        db: tx,
        userId: user.id,
        purpose: 'SIGN_IN',
        ip: audit.ip,
        userAgent: options.userAgent,
      })
      await appendAudit(
        tx,
        { ...audit, actorId: user.id, actorEmail: user.email },
        { resource: 'session', resourceId: null, action: 'LOGIN_PASSWORD_ACCEPTED', after: { userId: user.id, next: 'FACTOR' } },
      )
      return started
    })
    // The kinds the user holds (a passkey only when they have one), recovery codes always.
    const methods = FACTOR_METHODS.filter((method) => method === 'RECOVERY_CODE' || factors.some((f) => f.kind === method))
    return { factor_required: true, challenge: challenge.token, methods, expires_in: challenge.expiresIn }
  }

  const requirement = await factorRequirement(db, user.id)
  await recordSignInSuccess({ email, ip: audit.ip, userId: user.id })
  const session = await startSignedInSession({
    db,
    user,
    audit,
    userAgent: options.userAgent,
    method: 'PASSWORD',
    enrolmentOnly: requirement !== null,
  })
  const answer = await issueLoginAnswer(db, session)
  return requirement ? { ...answer, enrolment_required: true } : answer
}

/** The session of a sign-in that passed, with its login attempt and audit row in one transaction. */
export async function startSignedInSession(options: {
  db: Database
  user: Pick<User, 'id' | 'email'>
  audit: AuditContext
  userAgent: string | null
  /** PASSWORD alone, or PASSWORD then a factor (TOTP, RECOVERY_CODE, WEBAUTHN); SSO, or SSO then a factor. */
  method: string
  factorVerified?: boolean
  enrolmentOnly?: boolean
  /** Single sign-on (server/modules/sso): the identity provider, not the portal's password, proved who it is. */
  sso?: { refreshToken: string | null }
  /** The factor that completed an SSO sign-in, when it was the portal's (audited beside `method`). */
  factorMethod?: string
}) {
  const { db, user, audit } = options
  return db.transaction(async (tx) => {
    await tx.insert(loginAttempts).values({ email: user.email, succeeded: true, ip: audit.ip })
    const created = await createSession({
      db: tx,
      userId: user.id,
      ip: audit.ip,
      userAgent: options.userAgent,
      passwordVerified: !options.sso,
      factorVerified: options.factorVerified,
      enrolmentOnly: options.enrolmentOnly,
      ...(options.sso ? { authMethod: 'SSO' as const, ssoRefreshToken: options.sso.refreshToken } : {}),
    })
    await noticeNewDevice({ db: tx, user, session: created, audit })
    await appendAudit(
      tx,
      { ...audit, actorId: user.id, actorEmail: user.email },
      {
        resource: 'session',
        resourceId: created.id,
        action: 'LOGIN_SUCCEEDED',
        after: {
          userId: user.id,
          expiresAt: created.expiresAt.toISOString(),
          method: options.method,
          ...(options.factorMethod ? { factor: options.factorMethod } : {}),
          ...(options.sso && options.factorVerified && !options.factorMethod ? { factor: 'IDENTITY_PROVIDER' } : {}),
          ...(options.enrolmentOnly ? { enrolmentOnly: true } : {}),
        },
      },
    )
    return created
  })
}

/** The throttled password check of a sign-in: the user when it passes, else the failure counted and 401. */
async function checkPassword(options: { db: Database; email: string; password: string; audit: AuditContext }) {
  const { db, email, audit } = options
  const wait = await signInWaitSeconds({ email, ip: audit.ip })
  if (wait > 0) throw tooManyAttempts(wait)

  const user = await db.query.users.findFirst({ where: eq(users.email, email) })
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await dummyHash()), options.password)
  const reason = !user ? 'UNKNOWN_EMAIL' : !passwordMatches ? 'WRONG_PASSWORD' : user.status !== 'ACTIVE' ? user.status : null

  if (reason || !user) {
    await db.transaction(async (tx) => {
      await tx.insert(loginAttempts).values({ email, succeeded: false, ip: audit.ip })
      await appendAudit(
        tx,
        { ...audit, actorId: null, actorEmail: email },
        {
          resource: 'session',
          resourceId: user?.id ?? null,
          action: 'LOGIN_FAILED',
          after: { email, reason },
          // Sealed under the account the address belongs to (or the address itself when unknown), as the actor
          // e-mail is: erasing the account shreds both.
          subject: user ? { kind: 'user', id: user.id } : emailSubject(email),
        },
      )
    })
    await recordSignInFailure({ email, ip: audit.ip })
    throw new AppError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE)
  }
  return user
}
