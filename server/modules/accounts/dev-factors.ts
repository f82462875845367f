import { and, eq } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { AuditContext } from '@/server/audit/append-audit'
import { DEMO_FACTOR_NAME, DEMO_TOTP_SECRET } from '@/server/auth/factors/demo-factor'
import { currentTotpCode } from '@/server/auth/factors/totp'
import type { Database } from '@/server/db/client'
import { sessions, userFactors, users } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

const PERIOD_SECONDS = 30

/**
 * The demo authenticator's current code for a demo staff user, so the demo can be tried without a phone. Only the
 * factor seeded with the public demo secret answers; every other factor (and production) answers 404.
 */
export async function demoTotpCode(options: { db: Database; audit: AuditContext; email: string }) {
  const config = getConfig()
  if (config.isProduction || !config.demoStaffTotp) throw new AppError('NOT_FOUND', 'The demo authenticator is not enabled here')
  const [factor] = await options.db
    .select({ secret: userFactors.totpSecret })
    .from(userFactors)
    .innerJoin(users, eq(users.id, userFactors.userId))
    .where(and(eq(users.email, options.email.trim().toLowerCase()), eq(userFactors.name, DEMO_FACTOR_NAME)))
  if (!factor || factor.secret !== DEMO_TOTP_SECRET) throw notFound('Demo authenticator')
  const now = Date.now()
  return {
    code: currentTotpCode(DEMO_TOTP_SECRET, now),
    validForSeconds: PERIOD_SECONDS - (Math.floor(now / 1000) % PERIOD_SECONDS),
  }
}

/** Moves the caller's session proofs 10 minutes into the past (the dev route behind e2e's step-up test). */
export async function expireSessionProof(options: { db: Database; actor: Actor }) {
  const past = new Date(Date.now() - 10 * 60_000)
  await options.db
    .update(sessions)
    .set({ factorVerifiedAt: past, passwordVerifiedAt: past })
    .where(eq(sessions.id, options.actor.sessionId))
}
