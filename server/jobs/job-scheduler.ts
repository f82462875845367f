import type PgBoss from 'pg-boss'
import { getConfig } from '@/lib/config/env'
import { DAY_MS } from '@/lib/format/iso-day'
import { logger } from '@/server/logger'

/**
 * Scheduled work (docs/architecture.md#scheduled-work). One interface, two implementations chosen by the database:
 * - PGlite (one process owns the data directory): timers in this process;
 * - PostgreSQL (possibly several instances): pg-boss, a queue in the same database (schema `pgboss`), so a daily
 *   job runs once per UTC day whichever instances are up, on one of them, with retries.
 */
export interface ScheduledJob {
  stop: () => void
}

export interface DailyJob {
  name: string
  /** The first run after the process starts (in process); the first chance to queue today's run (on PostgreSQL). */
  firstDelayMs: number
  run: () => Promise<unknown>
}

export interface RepeatingJob {
  name: string
  intervalMs: number
  run: () => Promise<unknown>
}

export interface JobScheduler {
  readonly kind: 'in-process' | 'pg-boss'
  /** Runs `run` once a day; runs of one job never overlap, and a failure is logged (and on PostgreSQL retried). */
  daily(job: DailyJob): ScheduledJob
  /**
   * Runs `run` every `intervalMs` in this process, on every instance: for work that claims its own rows (the webhook
   * dispatcher's FOR UPDATE SKIP LOCKED), where more instances mean more throughput, not repeated work.
   */
  every(job: RepeatingJob): ScheduledJob
  /** Stops every job; on PostgreSQL waits (bounded) for a run under way and closes the queue's connections. */
  stop(): Promise<void>
}

/** A run of `job` that never overlaps the previous one and logs its failure (rethrown when `rethrow`). */
function guarded(name: string, run: () => Promise<unknown>, rethrow = false) {
  let running = false
  return async () => {
    if (running) return
    running = true
    try {
      await run()
    } catch (error) {
      logger.error({ err: error, job: name }, 'scheduled job failed')
      if (rethrow) throw error
    } finally {
      running = false
    }
  }
}

/** `run` every `intervalMs`, first after `firstDelayMs`; timers unref'd so they never hold a process open. */
function repeat(run: () => Promise<unknown>, intervalMs: number, firstDelayMs = intervalMs): ScheduledJob {
  let stopped = false
  let interval: NodeJS.Timeout | undefined
  const first = setTimeout(() => {
    if (stopped) return
    void run()
    interval = setInterval(() => void run(), intervalMs)
    interval.unref()
  }, firstDelayMs)
  first.unref()
  return {
    stop: () => {
      stopped = true
      clearTimeout(first)
      if (interval) clearInterval(interval)
    },
  }
}

function tracked(jobs: Set<ScheduledJob>, job: ScheduledJob): ScheduledJob {
  jobs.add(job)
  return {
    stop: () => {
      jobs.delete(job)
      job.stop()
    },
  }
}

function every(jobs: Set<ScheduledJob>, job: RepeatingJob): ScheduledJob {
  return tracked(jobs, repeat(guarded(job.name, job.run), job.intervalMs))
}

/** PGlite: once shortly after start, then every 24 h, in this process (the only one on its data). */
export function inProcessScheduler(): JobScheduler {
  const jobs = new Set<ScheduledJob>()
  return {
    kind: 'in-process',
    daily: (job) => tracked(jobs, repeat(guarded(job.name, job.run), DAY_MS, job.firstDelayMs)),
    every: (job) => every(jobs, job),
    stop: async () => {
      for (const job of [...jobs]) job.stop()
      jobs.clear()
    },
  }
}

/** How often each instance offers today's run of a daily job to the queue (only the first offer of a day is kept). */
const OFFER_INTERVAL_MS = 3600_000
/** A run under way when the process stops gets this long to finish; pg-boss fails it (to be retried) after that. */
const STOP_TIMEOUT_MS = 10_000

/** pg-boss's settings; migrateJobQueue and the scheduler share them. */
function bossOptions(url: string): PgBoss.ConstructorOptions {
  return {
    connectionString: url,
    application_name: 'kyc-portal-jobs',
    max: 3,
    // Daily jobs are offered with singletonSeconds; cron (pg-boss's timekeeper) is not used.
    schedule: false,
    // A day's job must stay in the job table (not the archive) the whole day, or a later offer would queue it again.
    archiveCompletedAfterSeconds: 2 * 86_400,
    archiveFailedAfterSeconds: 2 * 86_400,
  }
}

/**
 * Creates the job's queue unless it exists. pg-boss's create_queue adds a partition and its constraints, and two
 * instances creating the same queue at once deadlock (PostgreSQL aborts one): the loser finds it made and goes on.
 */
async function createQueueOnce(queue: PgBoss, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      if (await queue.getQueue(name)) return
      await queue.createQueue(name, { name, retryLimit: 2, retryDelay: 300, expireInSeconds: 3600 })
      return
    } catch (error) {
      if (attempt >= 5) throw error
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
    }
  }
}

/**
 * PostgreSQL: each instance offers today's run of a daily job to a pg-boss queue shortly after it starts and then
 * every hour, as a singleton of the UTC day (`singletonSeconds`: a second offer the same day is refused by a unique
 * index); one worker of one instance takes it. So the job runs once a day in the first hour after midnight UTC (or
 * soon after the first instance starts), however many instances there are; a failed run is retried twice, 5 minutes
 * apart. The runs themselves stay safe to repeat (reminders claim what they send; retention purges by age).
 */
export function postgresQueueScheduler(url: string): JobScheduler {
  const jobs = new Set<ScheduledJob>()
  const PgBossClass = import('pg-boss').then((m) => m.default)
  let boss: Promise<PgBoss> | undefined
  let stopped = false

  const started = () =>
    (boss ??= PgBossClass.then(async (Boss) => {
      const instance = new Boss(bossOptions(url))
      instance.on('error', (error) => logger.error({ err: error }, 'job queue (pg-boss) error'))
      await instance.start()
      logger.info('job queue (pg-boss) started')
      return instance
    }).catch((error: unknown) => {
      boss = undefined
      throw error
    }))

  return {
    kind: 'pg-boss',
    daily: (job) => {
      let workerId: Promise<string> | undefined
      const worker = async (queue: PgBoss) => {
        workerId ??= (async () => {
          await createQueueOnce(queue, job.name)
          // Polls slowly: a run appears once a day, and the instance that queues it wakes its own worker at once.
          return queue.work(job.name, { pollingIntervalSeconds: 60 }, guarded(job.name, job.run, true))
        })().catch((error: unknown) => {
          workerId = undefined
          throw error
        })
        return workerId
      }
      const offer = async () => {
        if (stopped) return
        try {
          const queue = await started()
          const id = await worker(queue)
          const queued = await queue.send(job.name, {}, { singletonKey: 'daily', singletonSeconds: 86_400 })
          if (queued) {
            logger.info({ job: job.name, id: queued }, "today's run queued")
            queue.notifyWorker(id)
          }
        } catch (error) {
          logger.error({ err: error, job: job.name }, 'job queue (pg-boss) unavailable; offering again within the hour')
        }
      }
      const timers = repeat(offer, OFFER_INTERVAL_MS, job.firstDelayMs)
      return tracked(jobs, {
        stop: () => {
          timers.stop()
          if (workerId && boss)
            void Promise.all([boss, workerId])
              .then(([queue]) => queue.offWork(job.name))
              .catch(() => {})
        },
      })
    },
    every: (job) => every(jobs, job),
    stop: async () => {
      stopped = true
      for (const job of [...jobs]) job.stop()
      jobs.clear()
      const running = await boss?.catch(() => undefined)
      await running?.stop({ graceful: true, wait: true, close: true, timeout: STOP_TIMEOUT_MS })
    },
  }
}

/**
 * Creates or updates pg-boss's schema (`pgboss`) beside the Drizzle migrations (`npm run db:migrate`). Instances do
 * the same at start under pg-boss's own advisory lock, so this is for deployments that migrate before they start.
 */
export async function migrateJobQueue(url: string): Promise<void> {
  const Boss = (await import('pg-boss')).default
  const boss = new Boss({ ...bossOptions(url), supervise: false, max: 1 })
  boss.on('error', (error) => logger.error({ err: error }, 'job queue (pg-boss) error'))
  await boss.start()
  await boss.stop({ graceful: false, close: true })
}

const globalForScheduler = globalThis as unknown as { __jobScheduler?: JobScheduler }

/** The process's scheduler: pg-boss on PostgreSQL (DATABASE_URL), timers with PGlite. */
export function getJobScheduler(): JobScheduler {
  const { databaseUrl } = getConfig()
  globalForScheduler.__jobScheduler ??= databaseUrl ? postgresQueueScheduler(databaseUrl) : inProcessScheduler()
  return globalForScheduler.__jobScheduler
}

/**
 * Stops every scheduled job of this process and waits (at most 10 s) for a run under way: for a graceful shutdown,
 * before the database closes. Safe to call more than once, and when nothing was scheduled.
 */
export async function stopScheduledJobs(): Promise<void> {
  const scheduler = globalForScheduler.__jobScheduler
  globalForScheduler.__jobScheduler = undefined
  await scheduler?.stop()
}
