import { and, asc, count, desc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { PageQuery } from '@/lib/contracts/pagination'
import { addIsoDays, isoDay } from '@/lib/format/iso-day'
import { appendAudit, SYSTEM_AUDIT_CONTEXT, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { businesses, riskJobs, riskModels, type RiskJob } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { assessedBusinesses } from './model-versions'
import { recertificationDateFor } from './recertification'
import { recomputeRisk } from './recompute-risk'
import { RISK_MODEL_MANAGERS, RISK_MODEL_READERS } from './risk-access'
import { gatherRiskFacts } from './risk-facts'
import { activeRiskModel, type ActiveRiskModel } from './risk-models'
import { currentOverride, effectiveTier } from './risk-state'

/** Businesses per batch: one batch is one transaction, so progress is kept and other work interleaves. */
export const RISK_JOB_BATCH = 100

/** The recertification period before issue 39, every business alike: the backfill reads the last approval back from it. */
const FORMER_PERIOD_DAYS = 365

export const toRiskJob = (job: RiskJob) => ({
  id: job.id,
  kind: job.kind,
  modelVersion: job.modelVersion,
  status: job.status,
  done: job.done,
  changed: job.changed,
  createdAt: job.createdAt.toISOString(),
  finishedAt: job.finishedAt?.toISOString() ?? null,
})

/** `GET /risk/jobs`: the recomputations and the backfill with their progress, newest first. */
export async function findRiskJobs(options: { db: Database; actor: Actor; query: PageQuery }) {
  const { db, actor, query } = options
  assertStaffWithAny(actor, ...RISK_MODEL_READERS)
  return findPage({
    query,
    rows: db
      .select()
      .from(riskJobs)
      .orderBy(query.recentFirst ? desc(riskJobs.createdAt) : asc(riskJobs.createdAt), asc(riskJobs.id)),
    count: () => db.select({ value: count() }).from(riskJobs),
    content: (rows) => rows.map(toRiskJob),
  })
}

/**
 * One approved business's recertification date from its tier in force (docs/risk.md#recertification): its
 * last approval or recertification is read back as the current date less the former year, and the tier's period runs
 * from there (never before today). Answers whether the date moved.
 */
async function backfillRecertification(tx: Tx, businessId: string, model: ActiveRiskModel, audit: AuditContext, now: Date) {
  const recomputed = await recomputeRisk(tx, { businessId, reason: 'BACKFILL', audit, now, model })
  if (!recomputed) return false
  const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId))
  if (!business || business.approvalStatus !== 'APPROVED') return false
  const tier = effectiveTier(recomputed.assessment.tier, await currentOverride(tx, businessId))
  const anchor = business.recertificationDate
    ? addIsoDays(business.recertificationDate, -FORMER_PERIOD_DAYS)
    : isoDay(business.approvedAt ?? now)
  const computed = recertificationDateFor(model.model, tier, anchor)
  const next = computed < isoDay(now) ? isoDay(now) : computed
  if (next === business.recertificationDate) return false
  await tx.update(businesses).set({ recertificationDate: next, updatedAt: now }).where(eq(businesses.id, businessId))
  await appendAudit(tx, audit, {
    resource: 'business',
    resourceId: businessId,
    action: 'RECERTIFICATION_BACKFILL',
    before: { recertificationDate: business.recertificationDate },
    after: { recertificationDate: next, riskTier: tier, modelVersion: model.version },
  })
  return true
}

/**
 * The businesses the backfill covers: approved before the risk model came to this install (version 1's activation), so
 * their date is the former year's. Those approved since got their date from their tier, which the backfill leaves.
 */
async function approvedBeforeRiskModel(tx: Tx) {
  const [first] = await tx.select({ at: riskModels.activatedAt }).from(riskModels).where(eq(riskModels.version, 1))
  return and(eq(businesses.approvalStatus, 'APPROVED'), lt(businesses.approvedAt, first?.at ?? new Date(0)))
}

/**
 * One batch of the oldest unfinished risk job (docs/risk.md#jobs), claimed with FOR UPDATE SKIP LOCKED so instances
 * share the work: the next businesses after the job's cursor, in id order, their facts gathered together, each
 * recomputed (RECOMPUTE) or given its recertification date by tier (RECERTIFICATION_BACKFILL); the cursor moves in the
 * same transaction, so a job stopped at any point resumes after the last batch it committed.
 */
export async function runRiskJobBatch(options: {
  db: Database
  batchSize?: number
  now?: Date
}): Promise<{ worked: boolean; jobId?: string; done?: boolean }> {
  const { db } = options
  const batchSize = options.batchSize ?? RISK_JOB_BATCH
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(riskJobs)
      .where(inArray(riskJobs.status, ['QUEUED', 'RUNNING']))
      .orderBy(asc(riskJobs.createdAt))
      .limit(1)
      .for('update', { skipLocked: true })
    if (!job) return { worked: false }
    const now = options.now ?? new Date()
    const scope = job.kind === 'RECOMPUTE' ? assessedBusinesses : await approvedBeforeRiskModel(tx)
    const batch = await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(and(scope, job.afterId ? gt(businesses.id, job.afterId) : undefined))
      .orderBy(asc(businesses.id))
      .limit(batchSize)
    const model = await activeRiskModel(tx)
    let changed = 0
    if (job.kind === 'RECOMPUTE') {
      const facts = await gatherRiskFacts(
        tx,
        batch.map((b) => b.id),
      )
      for (const { id } of batch) {
        const result = await recomputeRisk(tx, {
          businessId: id,
          reason: 'MODEL_ACTIVATED',
          audit: SYSTEM_AUDIT_CONTEXT,
          now,
          model,
          facts: facts.get(id),
        })
        if (result?.changed) changed++
      }
    } else {
      for (const { id } of batch) if (await backfillRecertification(tx, id, model, SYSTEM_AUDIT_CONTEXT, now)) changed++
    }
    const finished = batch.length < batchSize
    await tx
      .update(riskJobs)
      .set({
        status: finished ? 'DONE' : 'RUNNING',
        afterId: batch.at(-1)?.id ?? job.afterId,
        done: job.done + batch.length,
        changed: job.changed + changed,
        finishedAt: finished ? now : null,
      })
      .where(eq(riskJobs.id, job.id))
    if (finished)
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'risk_job',
        resourceId: job.id,
        action: 'FINISH',
        after: { kind: job.kind, modelVersion: job.modelVersion, done: job.done + batch.length, changed: job.changed + changed },
      })
    return { worked: true, jobId: job.id, done: finished }
  })
}

/**
 * `POST /risk/recertification-backfill`: queues the one backfill of recertification dates by tier for the businesses
 * approved before issue 39 (a second request answers 409: the backfill shifts from the dates as they stood).
 */
export async function requestRecertificationBackfill(options: { db: Database; actor: Actor; audit: AuditContext }) {
  const { db, actor } = options
  assertStaffWithAny(actor, ...RISK_MODEL_MANAGERS)
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(riskJobs)
      .where(eq(riskJobs.kind, 'RECERTIFICATION_BACKFILL'))
      .limit(1)
      .for('update')
    if (existing)
      throw new AppError(
        'CONFLICT',
        existing.status === 'DONE'
          ? 'The recertification backfill has run already: dates now follow the tiers'
          : 'The recertification backfill is under way',
      )
    const [job] = await tx.insert(riskJobs).values({ kind: 'RECERTIFICATION_BACKFILL', createdBy: actor.userId }).returning()
    await appendAudit(tx, options.audit, {
      resource: 'risk_job',
      resourceId: job!.id,
      action: 'CREATE',
      after: { kind: job!.kind },
    })
    return toRiskJob(job!)
  })
}

const globalForRiskJobs = globalThis as unknown as { __riskJobs?: ScheduledJob }

/**
 * The risk jobs, started with the server: every `intervalMs` a few batches of unfinished jobs. On every instance (server/jobs
 * `every`); jobs are claimed with SKIP LOCKED. Not in tests (APP_ENV=test), which call runRiskJobBatch themselves.
 */
export function startRiskJobsOnce(getDb: () => Promise<Database>, appEnv: string, intervalMs = 5_000): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  globalForRiskJobs.__riskJobs ??= getJobScheduler().every({
    name: 'risk-jobs',
    intervalMs,
    run: async () => {
      const db = await getDb()
      for (let i = 0; i < 10; i++) if (!(await runRiskJobBatch({ db })).worked) break
    },
  })
  return globalForRiskJobs.__riskJobs
}
