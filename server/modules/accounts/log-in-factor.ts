import { eq } from 'drizzle-orm'
import type { LoginFactorInput, SignInAnswer } from '@/lib/contracts/factors'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { recordSignInFailure, recordSignInSuccess, signInWaitSeconds } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import { countChallengeFailure, liveChallenge, spendChallenge } from '@/server/modules/factors/challenges'
import { verifyFactor } from '@/server/modules/factors/verify-factor'
import { startSignedInSession, tooManyAttempts } from './log-in'
import { issueLoginAnswer } from './login-answer'
import { takeHeldSsoSignIn } from './sso-held-sign-in'

export const WRONG_FACTOR_MESSAGE = 'That code is wrong, expired or already used. Enter the newest code your app shows.'
export const WRONG_PASSKEY_MESSAGE = 'That passkey was not accepted. Try it again, or use another way to confirm it is you.'

/**
 * The second step of a sign-in: the challenge from the password step plus a code from the authenticator app, a
 * recovery code or a passkey's answer. Wrong codes (and refused passkey answers) count against the account and IP exactly as wrong passwords do, and against the
 * challenge (five, then start again with the password).
 */
export async function logInWithFactor(options: {
  db: Database
  input: LoginFactorInput
  audit: AuditContext
  userAgent: string | null
}): Promise<SignInAnswer> {
  const { db, input, audit } = options
  const challenge = await liveChallenge(db, input.challenge, 'SIGN_IN')
  const user = await db.query.users.findFirst({ where: eq(users.id, challenge.userId) })
  if (!user || user.status !== 'ACTIVE') throw new AppError('UNAUTHENTICATED', 'This account cannot sign in')
  const wait = await signInWaitSeconds({ email: user.email, ip: audit.ip })
  if (wait > 0) throw tooManyAttempts(wait)

  const { challenge: _token, ...proof } = input
  const auditAs = { ...audit, actorId: user.id, actorEmail: user.email }
  const verified = await db.transaction(async (tx) => {
    // A passkey signs the WebAuthn challenge POST /accounts/login/webauthn-options put on this challenge row.
    const result = await verifyFactor(tx, user.id, proof, { expectedChallenge: challenge.webauthnChallenge, audit: auditAs })
    if (result) await spendChallenge(tx, challenge.id)
    return result
  })
  if (!verified) {
    await db.transaction(async (tx) => {
      await countChallengeFailure(tx, challenge.id)
      await appendAudit(tx, auditAs, {
        resource: 'session',
        resourceId: null,
        action: 'LOGIN_FACTOR_FAILED',
        after: { userId: user.id, method: input.method },
        subject: { kind: 'user', id: user.id },
      })
    })
    await recordSignInFailure({ email: user.email, ip: audit.ip })
    throw input.method === 'WEBAUTHN'
      ? new AppError('UNAUTHENTICATED', WRONG_PASSKEY_MESSAGE, { field: 'response' })
      : new AppError('UNAUTHENTICATED', WRONG_FACTOR_MESSAGE, { field: 'code' })
  }

  await recordSignInSuccess({ email: user.email, ip: audit.ip, userId: user.id })
  // A sign-in begun with the identity provider (server/modules/sso) becomes an SSO session.
  const sso = await takeHeldSsoSignIn(db, challenge)
  const session = await startSignedInSession({
    db,
    user,
    audit,
    userAgent: options.userAgent,
    method: sso ? 'SSO' : verified.method,
    factorVerified: true,
    ...(sso ? { sso, factorMethod: verified.method } : {}),
  })
  const answer = await issueLoginAnswer(db, session)
  return verified.method === 'RECOVERY_CODE' ? { ...answer, recovery_codes_left: verified.codesLeft } : answer
}
