import { and, eq, isNull } from 'drizzle-orm'
import QRCode from 'qrcode'
import type { ConfirmedFactor, Factor, FactorsAnswer, TotpEnrolment } from '@/lib/contracts/factors'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { newRecoveryCodes, recoveryCodeHash } from '@/server/auth/factors/recovery-codes'
import { acceptedTotpStep, newTotpSecret, totpUri } from '@/server/auth/factors/totp'
import { assertFreshProof } from '@/server/auth/step-up'
import type { Database, Executor, Tx } from '@/server/db/client'
import { businesses, recoveryCodes, sessions, userFactors, users, type UserFactor } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { confirmedFactors, factorRequirement } from './factor-policy'

const toFactor = (row: UserFactor): Factor => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

async function unusedRecoveryCodes(db: Executor, userId: string) {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return rows.length
}

export async function listFactors(options: { db: Database; actor: Actor }): Promise<FactorsAnswer> {
  const { db, actor } = options
  const [factors, left, requiredBecause] = await Promise.all([
    confirmedFactors(db, actor.userId),
    unusedRecoveryCodes(db, actor.userId),
    factorRequirement(db, actor.userId),
  ])
  return { factors: factors.map(toFactor), recoveryCodesLeft: left, requiredBecause }
}

/**
 * Starts an authenticator-app enrolment: a new secret, shown once as a QR code and as text; it counts only once a
 * code from the app confirms it. Adding a factor next to an existing one needs a fresh factor (a stolen session must
 * not be able to add the thief's phone).
 */
export async function startTotpEnrolment(options: { db: Database; actor: Actor; name: string }): Promise<TotpEnrolment> {
  const { db, actor } = options
  if (actor.proof.hasFactor) assertFreshProof(actor)
  const secret = newTotpSecret()
  const [factor] = await db.transaction(async (tx) => {
    // One pending enrolment per user: an abandoned one is replaced.
    await tx.delete(userFactors).where(and(eq(userFactors.userId, actor.userId), isNull(userFactors.confirmedAt)))
    return tx
      .insert(userFactors)
      .values({ userId: actor.userId, kind: 'TOTP', name: options.name, totpSecret: secret })
      .returning()
  })
  const uri = totpUri(secret, actor.email)
  return { id: factor!.id, secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }) }
}

/** Confirms a pending authenticator app with a code from it; the first factor also brings ten recovery codes. */
export async function confirmTotpEnrolment(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  factorId: string
  code: string
}): Promise<ConfirmedFactor> {
  const { db, actor } = options
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(userFactors)
      .where(and(eq(userFactors.id, options.factorId), eq(userFactors.userId, actor.userId), eq(userFactors.kind, 'TOTP')))
      .for('update')
    if (!pending) throw notFound('Enrolment')
    if (pending.confirmedAt) throw new AppError('CONFLICT', 'This authenticator app is already set up')
    const step = acceptedTotpStep({ secret: pending.totpSecret!, code: options.code, lastStep: null })
    if (step === null) {
      throw new AppError(
        'VALIDATION_FAILED',
        'That code does not match. Check the time on your phone and enter the newest code.',
        {
          field: 'code',
        },
      )
    }
    const now = new Date()
    const [confirmed] = await tx
      .update(userFactors)
      .set({ confirmedAt: now, totpLastStep: step, lastUsedAt: now })
      .where(eq(userFactors.id, pending.id))
      .returning()
    return completeEnrolment(tx, { actor, audit: options.audit, factor: confirmed!, now })
  })
}

/**
 * What every confirmed enrolment (authenticator app or passkey) does next, in its transaction: the first factor brings
 * ten recovery codes; enrolling is using the factor, so the session is now proven by it and free of the
 * enrolment-only limit, and a reset's enrolment requirement is met; audited as FACTOR_ENROLLED.
 */
export async function completeEnrolment(
  tx: Tx,
  options: { actor: Actor; audit: AuditContext; factor: UserFactor; now: Date },
): Promise<ConfirmedFactor> {
  const { actor, factor, now } = options
  const codes = (await unusedRecoveryCodes(tx, actor.userId)) ? undefined : await replaceRecoveryCodes(tx, actor.userId)
  await tx.update(sessions).set({ factorVerifiedAt: now, enrolmentOnly: false }).where(eq(sessions.id, actor.sessionId))
  await tx.update(users).set({ factorEnrolmentRequired: false }).where(eq(users.id, actor.userId))
  await appendAudit(tx, options.audit, {
    resource: 'user',
    resourceId: actor.userId,
    action: 'FACTOR_ENROLLED',
    after: { factorId: factor.id, kind: factor.kind, name: factor.name, recoveryCodesIssued: !!codes },
  })
  return { factor: toFactor(factor), ...(codes ? { recoveryCodes: codes } : {}) }
}

async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = newRecoveryCodes()
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: recoveryCodeHash(userId, code) })))
  return codes
}

/** A new set of ten recovery codes; the old ones stop working. Needs a fresh factor (route: stepUp). */
export async function regenerateRecoveryCodes(options: { db: Database; actor: Actor; audit: AuditContext }) {
  const { db, actor } = options
  if (!actor.proof.hasFactor)
    throw new AppError('INVALID_STATE', 'Set up an authenticator app first; recovery codes come with it')
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, actor.userId)
    await appendAudit(tx, options.audit, { resource: 'user', resourceId: actor.userId, action: 'RECOVERY_CODES_REPLACED' })
    return { recoveryCodes: codes }
  })
}

/** Removes one of the caller's factors (route: stepUp); the last one is kept while a factor is required. */
export async function removeFactor(options: { db: Database; actor: Actor; audit: AuditContext; factorId: string }) {
  const { db, actor } = options
  await db.transaction(async (tx) => {
    const mine = await tx.select().from(userFactors).where(eq(userFactors.userId, actor.userId)).for('update')
    const target = mine.find((f) => f.id === options.factorId && f.confirmedAt)
    if (!target) throw notFound('Factor')
    const remaining = mine.filter((f) => f.confirmedAt && f.id !== target.id)
    if (!remaining.length) {
      const requiredBecause = await factorRequirement(tx, actor.userId)
      if (requiredBecause) {
        throw new AppError(
          'INVALID_STATE',
          requiredBecause === 'BUSINESS_POLICY'
            ? 'Your business requires a second factor: add another one before removing this one'
            : 'Staff must keep a second factor: add another one before removing this one',
        )
      }
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId))
    }
    await tx.delete(userFactors).where(eq(userFactors.id, target.id))
    await appendAudit(tx, options.audit, {
      resource: 'user',
      resourceId: actor.userId,
      action: 'FACTOR_REMOVED',
      before: { factorId: target.id, kind: target.kind, name: target.name },
      after: { factorsLeft: remaining.length },
    })
  })
}

/** The owner of a business (whoever manages its users) requires (or no longer requires) a second factor of its users, from their next sign-in. */
export async function setBusinessFactorPolicy(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  businessId: string
  requireFactor: boolean
}) {
  const { db, actor } = options
  return db.transaction(async (tx) => {
    const membership = actor.memberships.find((m) => m.businessId === options.businessId)
    if (!membership) {
      if (actor.isStaff)
        throw new AppError('FORBIDDEN', "Only the business's own owner can set whether its users need a second factor")
      throw notFound('Business')
    }
    if (!membership.permissions.has(PERMISSIONS.CAN_UPDATE_BUSINESS_USERS)) {
      throw new AppError(
        'FORBIDDEN',
        "Only the business's owner (who manages its users) can set whether they need a second factor",
      )
    }
    const [before] = await tx
      .select({ requireFactor: businesses.requireFactor })
      .from(businesses)
      .where(eq(businesses.id, options.businessId))
      .for('update')
    await tx.update(businesses).set({ requireFactor: options.requireFactor }).where(eq(businesses.id, options.businessId))
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: options.businessId,
      action: 'BUSINESS_FACTOR_POLICY_SET',
      before,
      after: { requireFactor: options.requireFactor },
    })
    return { requireFactor: options.requireFactor }
  })
}
