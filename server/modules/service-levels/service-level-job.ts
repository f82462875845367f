import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { runAutoAssignment } from './assignment'
import { runEscalations } from './run-escalations'

const globalForServiceLevels = globalThis as unknown as { __serviceLevelJob?: ScheduledJob }

/**
 * The service-level job, started with the server: every minute it auto-assigns new items (queues with it on) and
 * escalates those past due. On every instance (server/jobs `every`): escalation is once by a unique key, auto-assignment
 * locks each queue's row with SKIP LOCKED. Not in tests (APP_ENV=test), which call the runs themselves.
 */
export function startServiceLevelJobOnce(
  getDb: () => Promise<Database>,
  appEnv: string,
  intervalMs = 60_000,
): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  globalForServiceLevels.__serviceLevelJob ??= getJobScheduler().every({
    name: 'service-levels',
    intervalMs,
    run: async () => {
      const db = await getDb()
      await runAutoAssignment({ db, audit: SYSTEM_AUDIT_CONTEXT })
      await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT })
    },
  })
  return globalForServiceLevels.__serviceLevelJob
}
