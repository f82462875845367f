import { getConfig } from '@/lib/config/env'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { logger } from '@/server/logger'
import { runRetention } from './run-retention'

const globalForJob = globalThis as unknown as { __retentionJob?: ScheduledJob }

/**
 * The daily retention purge, as the system, once per process (like the reminders). Not in tests (APP_ENV=test):
 * they run it with their own clock.
 */
export function startRetentionJobOnce(getDb: () => Promise<Database>, appEnv: string): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  if (!globalForJob.__retentionJob) {
    globalForJob.__retentionJob = getJobScheduler().daily({
      name: 'retention',
      firstDelayMs: getConfig().jobsFirstRunDelayMs ?? 5 * 60_000,
      run: async () => runRetention({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT, dryRun: false }),
    })
    logger.info('daily retention purge scheduled')
  }
  return globalForJob.__retentionJob
}
