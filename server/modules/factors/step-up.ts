import { eq } from 'drizzle-orm'
import type { StepUpInput } from '@/lib/contracts/factors'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { verifyPassword } from '@/server/auth/password'
import { STEP_UP_WINDOW_MS } from '@/server/auth/step-up'
import { recordSignInFailure, recordSignInSuccess, signInWaitSeconds } from '@/server/auth/throttles'
import type { Database } from '@/server/db/client'
import { sessions, users } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { countChallengeFailure } from './challenges'
import { verifyFactor } from './verify-factor'
import { spendSessionChallenge, stepUpChallenge } from './webauthn'

/**
 * Proves the session afresh for the most sensitive actions (docs/security.md#step-up): a factor when the user holds
 * one (the password is then not enough), the password otherwise. Wrong tries count as sign-in failures.
 */
export async function stepUp(options: { db: Database; actor: Actor; audit: AuditContext; input: StepUpInput }) {
  const { db, actor, audit, input } = options
  const wait = await signInWaitSeconds({ email: actor.email, ip: audit.ip })
  if (wait > 0) {
    throw new AppError('RATE_LIMITED', `Too many failed attempts. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      retryAfterSeconds: wait,
    })
  }
  if (input.method === 'PASSWORD' && actor.proof.hasFactor) {
    throw new AppError('VALIDATION_FAILED', 'Use your passkey or authenticator app (or a recovery code) to confirm it is you', {
      field: 'method',
    })
  }
  // A passkey answers the STEP_UP challenge of POST /accounts/step-up/webauthn-options, this session's own.
  const challenge = input.method === 'WEBAUTHN' ? await stepUpChallenge(db, actor, input.challenge) : null
  const now = new Date()
  const passed = await db.transaction(async (tx) => {
    let ok: boolean
    if (input.method === 'PASSWORD') {
      const [user] = await tx.select({ hash: users.passwordHash }).from(users).where(eq(users.id, actor.userId))
      ok = !!user?.hash && (await verifyPassword(user.hash, input.password))
    } else {
      ok = !!(await verifyFactor(tx, actor.userId, input, { expectedChallenge: challenge?.webauthnChallenge ?? null, audit }))
      if (ok && challenge) await spendSessionChallenge(tx, challenge.id)
    }
    await appendAudit(tx, audit, {
      resource: 'session',
      resourceId: actor.sessionId,
      action: ok ? 'STEP_UP_SUCCEEDED' : 'STEP_UP_FAILED',
      after: { method: input.method },
    })
    if (ok) {
      await tx
        .update(sessions)
        .set(input.method === 'PASSWORD' ? { passwordVerifiedAt: now } : { factorVerifiedAt: now })
        .where(eq(sessions.id, actor.sessionId))
    }
    return ok
  })
  if (!passed) {
    if (challenge) await countChallengeFailure(db, challenge.id)
    await recordSignInFailure({ email: actor.email, ip: audit.ip })
    const [message, field] =
      input.method === 'PASSWORD'
        ? ['That password is wrong', 'password']
        : input.method === 'WEBAUTHN'
          ? ['That passkey was not accepted. Try it again, or use a code from your authenticator app.', 'response']
          : ['That code is wrong, expired or already used', 'code']
    throw new AppError('VALIDATION_FAILED', message, { field })
  }
  await recordSignInSuccess({ email: actor.email, ip: audit.ip, userId: actor.userId })
  return { verifiedAt: now.toISOString(), validUntil: new Date(now.getTime() + STEP_UP_WINDOW_MS).toISOString() }
}
