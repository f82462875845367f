import { and, asc, eq, gt, inArray, or, sql } from 'drizzle-orm'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { businesses, screeningChecks, screeningRuns, users } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { screeningHitsMail } from '@/server/integrations/mail/templates'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { logger } from '@/server/logger'
import { lockBusinessRow } from '@/server/records/business-record'
import { findCandidates } from '../screen/find-candidates'
import {
  activeListVersions,
  addHits,
  refreshBusinessScreeningStatus,
  currentChecksOf,
  screenedSubjectsOf,
  screeningChanged,
  syncSubjects,
} from '../screen/screen-business'
import { readMatchThreshold } from '../screen/screening-settings'

/** Businesses re-screened per batch: a batch is one short job run, so progress shows and other work interleaves. */
export const MONITORING_BATCH = 100

/** The businesses ongoing monitoring covers: submitted and waiting, or approved; not archived. */
const monitored = and(
  eq(businesses.archiveStatus, 'ACTIVE'),
  or(
    eq(businesses.approvalStatus, 'APPROVED'),
    and(eq(businesses.approvalStatus, 'PENDING'), eq(businesses.kycDetailsCompleted, true)),
  ),
)

/**
 * One batch of the oldest unfinished monitoring run (docs/screening.md#ongoing-monitoring), claimed with FOR UPDATE SKIP
 * LOCKED so instances share the work and never repeat it: each business of the batch is re-screened against the
 * entries the run's list version added or changed, in its own transaction holding the business row. New candidates
 * open (unless cleared before for the same facts against the same entry), the business's status follows (an approved
 * one with open hits is on watch), and its assigned reviewer is mailed once per batch. Answers whether work was done.
 */
export async function runMonitoringBatch(options: {
  db: Database
  batchSize?: number
}): Promise<{ worked: boolean; runId?: string; done?: boolean }> {
  const { db } = options
  const batchSize = options.batchSize ?? MONITORING_BATCH
  const claimed = await db.transaction(async (tx) => {
    const [run] = await tx
      .select()
      .from(screeningRuns)
      .where(inArray(screeningRuns.status, ['QUEUED', 'RUNNING']))
      .orderBy(asc(screeningRuns.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!run) return null
    const now = new Date()
    const total =
      run.status === 'QUEUED'
        ? Number(
            (
              await tx
                .select({ n: sql<number>`count(*)::int` })
                .from(businesses)
                .where(monitored)
            )[0]?.n ?? 0,
          )
        : run.total
    const batch = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(monitored, run.cursor ? gt(businesses.id, run.cursor) : undefined))
      .orderBy(asc(businesses.id))
      .limit(batchSize)
    let opened = 0
    const mailed: { businessId: string; hits: number }[] = []
    // Read once for the batch: both hold for its whole transaction.
    const [threshold, versions] = await Promise.all([readMatchThreshold(tx), activeListVersions(tx)])
    for (const { id } of batch) {
      const hits = await rescreenBusiness(tx, { businessId: id, versionId: run.versionId, threshold, versions, now })
      opened += hits
      if (hits) mailed.push({ businessId: id, hits })
    }
    const finished = batch.length < batchSize
    await tx
      .update(screeningRuns)
      .set({
        status: finished ? 'DONE' : 'RUNNING',
        total,
        done: Math.min(total, run.done + batch.length),
        hitsOpened: run.hitsOpened + opened,
        cursor: batch.at(-1)?.id ?? run.cursor,
        startedAt: run.startedAt ?? now,
        finishedAt: finished ? now : null,
      })
      .where(eq(screeningRuns.id, run.id))
    return { runId: run.id, finished, mailed }
  })
  if (!claimed) return { worked: false }
  for (const m of claimed.mailed)
    await mailAssignee(db, m.businessId, m.hits).catch((err) => logger.error({ err }, 'screening hit mail failed'))
  return { worked: true, runId: claimed.runId, done: claimed.finished }
}

/**
 * One business against what a version added or changed: first its subjects that are new or changed are screened
 * against everything (syncSubjects), then every other current check against the version's entries only.
 */
async function rescreenBusiness(
  tx: Tx,
  options: { businessId: string; versionId: string; threshold: number; versions: Record<string, number>; now: Date },
): Promise<number> {
  const { businessId, versionId, threshold, versions, now } = options
  await lockBusinessRow(tx, businessId)
  const [subjects, current] = await Promise.all([screenedSubjectsOf(tx, businessId), currentChecksOf(tx, businessId)])
  const { checks, screened } = await syncSubjects(tx, { businessId, subjects, current, audit: SYSTEM_AUDIT_CONTEXT, now })
  let opened = 0
  const unchanged: string[] = []
  for (const subject of subjects) {
    const check = checks.get(subject.ref)
    if (!check || screened.has(subject.ref)) continue
    const candidates = await findCandidates(tx, subject.query, { threshold, onlyAddedIn: [versionId] })
    const added = candidates.length ? await addHits(tx, { check, candidates, now }) : 0
    if (!added) {
      unchanged.push(check.id)
      continue
    }
    opened += added
    await tx.update(screeningChecks).set({ listVersions: versions, status: 'OPEN' }).where(eq(screeningChecks.id, check.id))
  }
  if (unchanged.length)
    await tx.update(screeningChecks).set({ listVersions: versions }).where(inArray(screeningChecks.id, unchanged))
  if (opened) await refreshBusinessScreeningStatus(tx, businessId)
  if (opened || screened.size) await screeningChanged(tx, businessId, SYSTEM_AUDIT_CONTEXT, now)
  return opened
}

/** The business's assigned reviewer hears of new candidates (nobody when unassigned: the queue shows them). */
async function mailAssignee(db: Database, businessId: string, hits: number) {
  const [row] = await db
    .select({ name: businesses.name, approvalStatus: businesses.approvalStatus, email: users.email, firstName: users.firstName })
    .from(businesses)
    .innerJoin(users, eq(users.id, businesses.assigneeId))
    .where(eq(businesses.id, businessId))
  if (!row) return
  await sendMail({
    db,
    to: row.email,
    mail: screeningHitsMail({
      firstName: row.firstName,
      businessName: row.name,
      hits,
      approved: row.approvalStatus === 'APPROVED',
      url: portalLinks.businessReview(businessId),
    }),
  })
}

const globalForMonitoring = globalThis as unknown as { __screeningMonitoring?: ScheduledJob }

/**
 * The monitoring job, started with the server: every `intervalMs` it works through unfinished runs a batch at a time.
 * It runs on every instance (server/jobs `every`); runs are claimed with SKIP LOCKED. Not in tests (APP_ENV=test),
 * which call runMonitoringBatch themselves.
 */
export function startScreeningMonitoringOnce(
  getDb: () => Promise<Database>,
  appEnv: string,
  intervalMs = 5_000,
): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  globalForMonitoring.__screeningMonitoring ??= getJobScheduler().every({
    name: 'screening-monitoring',
    intervalMs,
    run: async () => {
      const db = await getDb()
      // Keep going while batches come back, bounded so one tick never runs for long.
      for (let i = 0; i < 10; i++) if (!(await runMonitoringBatch({ db })).worked) break
    },
  })
  return globalForMonitoring.__screeningMonitoring
}
