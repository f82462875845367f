import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { DAY_MS } from '@/lib/format/iso-day'
import type { Database } from '@/server/db/client'
import { logger } from '@/server/logger'
import { runReminders } from './run-reminders'

export interface ScheduledJob {
  stop: () => void
}

/**
 * Runs `task` once shortly after start, then once every `intervalMs` (a day by default). Runs never overlap; a
 * failure is logged and the next day tries again. Timers are unref'd, so the job never keeps a process alive, and
 * `stop()` clears them for a clean shutdown.
 */
export function scheduleDaily(
  task: () => Promise<unknown>,
  options: { intervalMs?: number; firstDelayMs?: number; name: string },
): ScheduledJob {
  const { intervalMs = DAY_MS, firstDelayMs = 60_000, name } = options
  let running = false
  let stopped = false
  const tick = async () => {
    if (running || stopped) return
    running = true
    try {
      await task()
    } catch (error) {
      logger.error({ err: error, job: name }, 'scheduled job failed')
    } finally {
      running = false
    }
  }
  let interval: NodeJS.Timeout | undefined
  const first = setTimeout(() => {
    void tick()
    interval = setInterval(() => void tick(), intervalMs)
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

/** The daily due-date reminders (3 days before a deferral or recertification falls due), as the system. */
export function startReminderJob(
  getDb: () => Promise<Database>,
  options: { intervalMs?: number; firstDelayMs?: number } = {},
): ScheduledJob {
  logger.info('daily due-date reminders scheduled')
  return scheduleDaily(async () => runReminders({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT }), {
    ...options,
    name: 'due-reminders',
  })
}

const globalForJob = globalThis as unknown as { __reminderJob?: ScheduledJob }

/**
 * Starts the job once per process (the Next dev server re-evaluates modules on change). Its timers are unref'd, so
 * they never hold a process open at shutdown; a server that shuts down by itself calls `stop()`. Not in tests
 * (APP_ENV=test): they call runReminders with their own clock.
 */
export function startReminderJobOnce(getDb: () => Promise<Database>, appEnv: string): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  globalForJob.__reminderJob ??= startReminderJob(getDb)
  return globalForJob.__reminderJob
}
