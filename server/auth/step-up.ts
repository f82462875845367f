import { STEP_UP_WINDOW_MINUTES } from '@/lib/contracts/factors'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000

/**
 * The session proved itself recently enough for the most sensitive actions: a second factor within the last 5
 * minutes, or, for a user who holds no factor (where none is required of them), the password within 5 minutes.
 */
export function hasFreshProof(actor: Pick<Actor, 'proof'>, now = Date.now()): boolean {
  const { factorVerifiedAt, passwordVerifiedAt, hasFactor } = actor.proof
  const fresh = (at: number | null) => at !== null && now - at <= STEP_UP_WINDOW_MS
  return fresh(factorVerifiedAt) || (!hasFactor && fresh(passwordVerifiedAt))
}

export function stepUpRequired(actor: Pick<Actor, 'proof'>): AppError {
  return new AppError(
    'STEP_UP_REQUIRED',
    actor.proof.hasFactor
      ? `Confirm it is you: use your passkey or a code from your authenticator app (needed within ${STEP_UP_WINDOW_MINUTES} minutes of this action)`
      : `Confirm it is you: enter your password (needed within ${STEP_UP_WINDOW_MINUTES} minutes of this action)`,
  )
}

export function assertFreshProof(actor: Pick<Actor, 'proof'>): void {
  if (!hasFreshProof(actor)) throw stepUpRequired(actor)
}
