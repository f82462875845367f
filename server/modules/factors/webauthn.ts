import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { and, eq, isNotNull, lt } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type {
  ConfirmedFactor,
  PasskeyAssertion,
  PasskeyAttestation,
  PasskeyAuthenticationOptions,
  PasskeyRegistrationOptions,
} from '@/lib/contracts/factors'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { assertFreshProof } from '@/server/auth/step-up'
import type { Database, Executor, Tx } from '@/server/db/client'
import { uniqueViolationOf } from '@/server/db/errors'
import { factorChallenges, userFactors, type UserFactor } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { CHALLENGE_TTL_SECONDS, countChallengeFailure, liveChallenge, spendChallenge, startChallenge } from './challenges'
import { completeEnrolment } from './manage-factors'

/**
 * Passkeys and security keys (WebAuthn) as a second factor (docs/security.md#passkeys). The relying party is the
 * portal's public URL: RP ID its host name, the one accepted origin its origin. A browser on any other origin (a
 * phishing copy, another port, a preview host) makes answers that are refused, by design.
 */
export function relyingParty() {
  const url = new URL(getConfig().publicUrl)
  return { id: url.hostname, origin: url.origin, name: 'KYC Portal' }
}

/** EdDSA, ES256, RS256: the same list offered at registration and accepted when verifying it. */
const ALGORITHMS = [-8, -7, -257]
const TIMEOUT_MS = CHALLENGE_TTL_SECONDS * 1000
/** The constraint that makes a credential belong to one factor of one user. */
const CREDENTIAL_KEY = 'user_factors_credential_id_key'

/** The library's options as the contract's open JSON object (the browser hands them to @simplewebauthn/browser as they are). */
const asJson = (options: { challenge: string }) => options as { challenge: string } & Record<string, unknown>
const bytes = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'))
const transportsOf = (factor: UserFactor) => factor.transports ?? undefined

function confirmedPasskeys(db: Executor, userId: string) {
  return db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.kind, 'WEBAUTHN'), isNotNull(userFactors.confirmedAt)))
    .orderBy(userFactors.createdAt)
}

const challengeGone = () =>
  new AppError('VALIDATION_FAILED', 'This passkey request has expired or was already used: start again', {
    field: 'challenge',
  })

/**
 * The live ENROL or STEP_UP challenge of this session, or 400 naming `challenge`: a signed-in caller is not sent back
 * to the sign-in page for an expired passkey prompt (a 401 would), and another session's challenge is not theirs.
 */
async function sessionChallenge(db: Executor, actor: Actor, token: string, purpose: 'ENROL' | 'STEP_UP') {
  const challenge = await liveChallenge(db, token, purpose).catch(() => null)
  if (!challenge || challenge.userId !== actor.userId || challenge.sessionId !== actor.sessionId || !challenge.webauthnChallenge)
    throw challengeGone()
  return challenge as typeof challenge & { webauthnChallenge: string }
}

/**
 * Registration options for a new passkey (the user's own passkeys excluded, so one authenticator is not registered
 * twice), with an ENROL challenge bound to this session. As for an authenticator app, adding a factor next to an
 * existing one needs a fresh factor.
 */
export async function startPasskeyEnrolment(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  name: string
  userAgent?: string | null
}): Promise<PasskeyRegistrationOptions> {
  const { db, actor } = options
  if (actor.proof.hasFactor) assertFreshProof(actor)
  const rp = relyingParty()
  const existing = await confirmedPasskeys(db, actor.userId)
  const registration = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: actor.email,
    // The user handle: the account's id, never the e-mail (a discoverable credential stores it on the device).
    userID: new Uint8Array(Buffer.from(actor.userId.replace(/-/g, ''), 'hex')),
    userDisplayName: `${actor.firstName} ${actor.lastName}`.trim() || actor.email,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  })
  const started = await startChallenge({
    db,
    userId: actor.userId,
    purpose: 'ENROL',
    sessionId: actor.sessionId,
    ip: options.audit.ip,
    userAgent: options.userAgent,
    webauthnChallenge: registration.challenge,
  })
  return { challenge: started.token, expiresIn: started.expiresIn, options: asJson(registration) }
}

/**
 * Checks the browser's attestation against the ENROL challenge, the portal's origin and RP ID, and stores the passkey
 * confirmed; then as every enrolment (completeEnrolment: recovery codes with the first factor, the session proven).
 */
export async function confirmPasskeyEnrolment(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  challenge: string
  name: string
  response: PasskeyAttestation
}): Promise<ConfirmedFactor> {
  const { db, actor } = options
  const challenge = await sessionChallenge(db, actor, options.challenge, 'ENROL')
  const rp = relyingParty()
  const response = { ...options.response, clientExtensionResults: options.response.clientExtensionResults ?? {} }
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>> | null
  try {
    verified = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge.webauthnChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // A second factor: the password already said who it is; a key without a PIN is still a factor.
      requireUserVerification: false,
      supportedAlgorithmIDs: ALGORITHMS,
    })
  } catch {
    verified = null
  }
  if (!verified?.verified) {
    await countChallengeFailure(db, challenge.id)
    throw new AppError('VALIDATION_FAILED', 'The passkey could not be checked. Try again from this page.', { field: 'response' })
  }
  const { credential } = verified.registrationInfo
  const now = new Date()
  try {
    return await db.transaction(async (tx) => {
      await spendSessionChallenge(tx, challenge.id)
      const [factor] = await tx
        .insert(userFactors)
        .values({
          userId: actor.userId,
          kind: 'WEBAUTHN',
          name: options.name,
          confirmedAt: now,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          signCount: credential.counter,
          transports: credential.transports ?? response.response.transports ?? null,
          lastUsedAt: now,
        })
        .returning()
      return completeEnrolment(tx, { actor, audit: options.audit, factor: factor!, now })
    })
  } catch (error) {
    if (uniqueViolationOf(error) === CREDENTIAL_KEY || uniqueViolationOf(error) === '')
      throw new AppError('CONFLICT', 'This passkey is already registered')
    throw error
  }
}

/** Authentication options over the user's passkeys; the WebAuthn challenge is kept on the challenge row. */
async function authenticationOptions(db: Executor, userId: string) {
  const passkeys = await confirmedPasskeys(db, userId)
  if (!passkeys.length) throw new AppError('INVALID_STATE', 'No passkey is registered for this account')
  return generateAuthenticationOptions({
    rpID: relyingParty().id,
    allowCredentials: passkeys.map((f) => ({ id: f.credentialId!, transports: transportsOf(f) })),
    userVerification: 'preferred',
    timeout: TIMEOUT_MS,
  })
}

/**
 * The second step of a sign-in by passkey: options for the password step's challenge, whose row keeps the WebAuthn
 * challenge (asking again replaces it: the last prompt is the one that counts). POST /accounts/login/factor then
 * takes the answer.
 */
export async function passkeySignInOptions(options: { db: Database; challenge: string }): Promise<PasskeyAuthenticationOptions> {
  const { db } = options
  // 400, not the 401 of the second step itself: asking for options spends nothing, and the screen says to start again.
  const challenge = await liveChallenge(db, options.challenge, 'SIGN_IN').catch((error: unknown) => {
    throw error instanceof AppError ? new AppError('VALIDATION_FAILED', error.message, { field: 'challenge' }) : error
  })
  const authentication = await authenticationOptions(db, challenge.userId)
  await db
    .update(factorChallenges)
    .set({ webauthnChallenge: authentication.challenge })
    .where(eq(factorChallenges.id, challenge.id))
  const expiresIn = Math.max(0, Math.floor((challenge.expiresAt.getTime() - Date.now()) / 1000))
  return { expiresIn, options: asJson(authentication) }
}

/** Options for a step-up by passkey, with a STEP_UP challenge bound to this session. */
export async function passkeyStepUpOptions(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  userAgent?: string | null
}): Promise<PasskeyAuthenticationOptions> {
  const { db, actor } = options
  const authentication = await authenticationOptions(db, actor.userId)
  const started = await startChallenge({
    db,
    userId: actor.userId,
    purpose: 'STEP_UP',
    sessionId: actor.sessionId,
    ip: options.audit.ip,
    userAgent: options.userAgent,
    webauthnChallenge: authentication.challenge,
  })
  return { challenge: started.token, expiresIn: started.expiresIn, options: asJson(authentication) }
}

/** Spends a session's ENROL or STEP_UP challenge; a concurrent use that won makes this one a 400, not a 401. */
export async function spendSessionChallenge(tx: Executor, id: string) {
  await spendChallenge(tx, id).catch(() => {
    throw challengeGone()
  })
}

/** The STEP_UP challenge a step-up by passkey names: this session's, live. */
export const stepUpChallenge = (db: Executor, actor: Actor, token: string) => sessionChallenge(db, actor, token, 'STEP_UP')

export interface PasskeyCheck {
  /** The WebAuthn challenge the answer must sign (null: none was issued, so no answer can pass). */
  expectedChallenge: string | null
  /** Who is checked, for the audit row of a counter that went backwards. */
  audit: AuditContext
}

/**
 * Checks a passkey's answer against the user's stored credential: signature, challenge, origin, RP ID. The signature
 * counter must move forward (when the authenticator keeps one: passkeys synced between devices answer 0 always); a
 * valid signature with a counter at or below the stored one means the key may have been cloned: refused and audited
 * (WEBAUTHN_COUNTER_REGRESSED). The new counter is written only if it is still ahead, so of two concurrent uses of
 * one answer one wins. Null when refused.
 */
export async function verifyPasskey(
  tx: Tx,
  userId: string,
  assertion: PasskeyAssertion,
  check: PasskeyCheck | undefined,
): Promise<{ factorId: string } | null> {
  if (!check?.expectedChallenge) return null
  const [factor] = await tx
    .select()
    .from(userFactors)
    .where(
      and(
        eq(userFactors.userId, userId),
        eq(userFactors.kind, 'WEBAUTHN'),
        eq(userFactors.credentialId, assertion.id),
        isNotNull(userFactors.confirmedAt),
      ),
    )
  if (!factor?.publicKey || !factor.credentialId) return null
  const rp = relyingParty()
  let newCounter: number
  try {
    const verified = await verifyAuthenticationResponse({
      response: { ...assertion, clientExtensionResults: assertion.clientExtensionResults ?? {} } as AuthenticationResponseJSON,
      expectedChallenge: check.expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // Counter 0 here: the library would refuse a lower counter before checking the signature; the counter is
      // judged below, once the signature is known to be the key's.
      credential: { id: factor.credentialId, publicKey: bytes(factor.publicKey), counter: 0, transports: transportsOf(factor) },
      requireUserVerification: false,
    })
    if (!verified.verified) return null
    newCounter = verified.authenticationInfo.newCounter
  } catch {
    return null
  }
  const stored = factor.signCount
  if ((newCounter > 0 || stored > 0) && newCounter <= stored) {
    await appendAudit(tx, check.audit, {
      resource: 'user',
      resourceId: userId,
      action: 'WEBAUTHN_COUNTER_REGRESSED',
      after: { factorId: factor.id, name: factor.name, storedCounter: stored, answeredCounter: newCounter },
    })
    return null
  }
  const taken = await tx
    .update(userFactors)
    .set({ signCount: newCounter, lastUsedAt: new Date() })
    .where(
      and(eq(userFactors.id, factor.id), newCounter > 0 ? lt(userFactors.signCount, newCounter) : eq(userFactors.signCount, 0)),
    )
    .returning({ id: userFactors.id })
  return taken.length ? { factorId: factor.id } : null
}
