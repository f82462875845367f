import { eq } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Executor, Tx } from '@/server/db/client'
import { appSettings } from '@/server/db/schema'
import { DEFAULT_MATCH_THRESHOLD } from '../matching/score-candidate'

export const MATCH_THRESHOLD_SETTING = 'screening.matchThreshold'
export const MATCH_THRESHOLD_RANGE = { min: 0.5, max: 0.99 } as const

/** The score at which a candidate alerts: the `screening.matchThreshold` setting (changed through four-eyes), else the default. */
export async function readMatchThreshold(db: Executor): Promise<number> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, MATCH_THRESHOLD_SETTING))
  const value = row?.value
  return typeof value === 'number' && value >= MATCH_THRESHOLD_RANGE.min && value <= MATCH_THRESHOLD_RANGE.max
    ? value
    : DEFAULT_MATCH_THRESHOLD
}

/** Stores a new threshold and audits it before and after (the approval of its request, or at once without four-eyes). */
export async function writeMatchThreshold(
  tx: Tx,
  audit: AuditContext,
  options: { matchThreshold: number; actorId: string; actors?: Record<string, string> },
): Promise<void> {
  const before = await readMatchThreshold(tx)
  await tx
    .insert(appSettings)
    .values({ key: MATCH_THRESHOLD_SETTING, value: options.matchThreshold, updatedBy: options.actorId })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value: options.matchThreshold, updatedBy: options.actorId, updatedAt: new Date() },
    })
  await appendAudit(tx, audit, {
    resource: 'setting',
    resourceId: MATCH_THRESHOLD_SETTING,
    action: 'UPDATE',
    before: { matchThreshold: before },
    after: { matchThreshold: options.matchThreshold, ...options.actors },
  })
}
