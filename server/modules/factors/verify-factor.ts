import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm'
import type { FactorProof } from '@/lib/contracts/factors'
import { recoveryCodeHash } from '@/server/auth/factors/recovery-codes'
import { acceptedTotpStep } from '@/server/auth/factors/totp'
import type { Tx } from '@/server/db/client'
import { recoveryCodes, userFactors } from '@/server/db/schema'
import { verifyPasskey, type PasskeyCheck } from './webauthn'

export type VerifiedFactor = { method: 'TOTP' | 'WEBAUTHN'; factorId: string } | { method: 'RECOVERY_CODE'; codesLeft: number }

/**
 * Checks a second factor of this user and spends what it uses: the TOTP step (a code is never accepted twice, also
 * under concurrency: the step is written only if it is newer than the last), the recovery code, or the passkey's
 * signature counter (`passkey` names the WebAuthn challenge the caller's challenge row holds: verifyPasskey). Null
 * when it is wrong, replayed or spent.
 */
export async function verifyFactor(
  db: Tx,
  userId: string,
  proof: FactorProof,
  passkey?: PasskeyCheck,
): Promise<VerifiedFactor | null> {
  const now = new Date()
  if (proof.method === 'WEBAUTHN') {
    const used = await verifyPasskey(db, userId, proof.response, passkey)
    return used && { method: 'WEBAUTHN', factorId: used.factorId }
  }
  if (proof.method === 'TOTP') {
    const factors = await db
      .select()
      .from(userFactors)
      .where(and(eq(userFactors.userId, userId), eq(userFactors.kind, 'TOTP'), isNotNull(userFactors.confirmedAt)))
    for (const factor of factors) {
      const step = factor.totpSecret
        ? acceptedTotpStep({ secret: factor.totpSecret, code: proof.code, lastStep: factor.totpLastStep })
        : null
      if (step === null) continue
      const taken = await db
        .update(userFactors)
        .set({ totpLastStep: step, lastUsedAt: now })
        .where(and(eq(userFactors.id, factor.id), or(isNull(userFactors.totpLastStep), lt(userFactors.totpLastStep, step))))
        .returning({ id: userFactors.id })
      if (taken.length) return { method: 'TOTP', factorId: factor.id }
    }
    return null
  }
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(userId, proof.code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id })
  if (!spent.length) return null
  const left = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return { method: 'RECOVERY_CODE', codesLeft: left.length }
}
