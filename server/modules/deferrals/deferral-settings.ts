import { eq } from 'drizzle-orm'
import { DEFERRAL_MAX_DAYS_DEFAULT, DEFERRAL_MAX_DAYS_LIMIT, DEFERRAL_MAX_DAYS_SETTING } from '@/lib/contracts/deferral-values'
import type { Executor } from '@/server/db/client'
import { appSettings } from '@/server/db/schema'

/**
 * The most days a deferral may ask for: the `deferral.maxDays` setting (staff set it with
 * `PUT /deferrals/deferrable-days/{days}`, stored as a JSON number), else the default of 30.
 */
export async function getMaxDeferralDays(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, DEFERRAL_MAX_DAYS_SETTING))
  const value = row?.value
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= DEFERRAL_MAX_DAYS_LIMIT
    ? value
    : DEFERRAL_MAX_DAYS_DEFAULT
}

/** `GET /deferrals/deferrable-max-days`: the limit as the route answers it. */
export async function getDeferralLimits({ db }: { db: Executor }): Promise<{ maxDays: number }> {
  return { maxDays: await getMaxDeferralDays(db) }
}
