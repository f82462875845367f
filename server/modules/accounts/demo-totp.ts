import { and, eq } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { AuditContext } from '@/server/audit/append-audit'
import { DEMO_FACTOR_NAME, DEMO_TOTP_SECRET } from '@/server/auth/factors/demo-factor'
import { currentTotpCode } from '@/server/auth/factors/totp'
import type { Database } from '@/server/db/client'
import { userFactors, users } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'

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
