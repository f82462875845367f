import { getConfig } from '@/lib/config/env'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { logger } from '@/server/logger'
import { runReminders } from './run-reminders'

export type { ScheduledJob } from '@/server/jobs/job-scheduler'

const globalForJob = globalThis as unknown as { __reminderJob?: ScheduledJob }

/**
 * The daily due-date reminders (3 days before a deferral or recertification falls due), as the system, through the
 * process's job scheduler (server/jobs: once a day across every instance on PostgreSQL), once per process (the Next
 * dev server re-evaluates modules on change). Not in tests (APP_ENV=test): they call runReminders with their own clock.
 */
export function startReminderJobOnce(getDb: () => Promise<Database>, appEnv: string): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  if (!globalForJob.__reminderJob) {
    globalForJob.__reminderJob = getJobScheduler().daily({
      name: 'due-reminders',
      firstDelayMs: getConfig().jobsFirstRunDelayMs ?? 60_000,
      run: async () => runReminders({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT }),
    })
    logger.info('daily due-date reminders scheduled')
  }
  return globalForJob.__reminderJob
}
