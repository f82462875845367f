import type { IncomingMessage, ServerResponse } from 'node:http'
import { getRequestListener } from '@hono/node-server'
import { getConfig } from '@/lib/config/env'
import { createApp } from '@/server/app'
import { getDb } from '@/server/db/client'
import { stopScheduledJobs } from '@/server/jobs/job-scheduler'
import { onShutdown } from '@/server/lifecycle/graceful-shutdown'
import { startNotificationDigestOnce } from '@/server/modules/notifications/send-digests'
import { startReminderJobOnce } from '@/server/modules/reminders/daily-job'
import { startRetentionJobOnce } from '@/server/modules/retention/retention-job'
import { startRiskJobsOnce } from '@/server/modules/risk/risk-jobs'
import { startScreeningMonitoringOnce } from '@/server/modules/screening/monitoring/monitoring-runs'
import { startServiceLevelJobOnce } from '@/server/modules/service-levels/service-level-job'
import { startWebhookDispatcherOnce } from '@/server/modules/webhooks/dispatcher'
import { seedOnOpen } from '@/server/seed/seed-on-open'

// The business API v1 runs inside Next through this one catch-all; Hono reads the raw body itself.
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } }

// overrideGlobalObjects: false keeps Node's own Response global; replacing it inside Next's process makes
// `NextResponse` (proxy.ts) fail Next's `instanceof Response` check after the first API call.
seedOnOpen()
const listener = getRequestListener(createApp().fetch, { overrideGlobalObjects: false })

export default function handler(req: IncomingMessage, res: ServerResponse) {
  // The daily reminders, the retention purge, the webhook dispatcher, screening's monitoring, the risk jobs and the notification digest start with the first API call of the portal process (not at import: `next build` loads
  // this module too, and must not open the database).
  const jobs = [
    startReminderJobOnce(getDb, getConfig().appEnv),
    startRetentionJobOnce(getDb, getConfig().appEnv),
    startWebhookDispatcherOnce(getDb, getConfig().appEnv),
    startScreeningMonitoringOnce(getDb, getConfig().appEnv),
    startRiskJobsOnce(getDb, getConfig().appEnv),
    startServiceLevelJobOnce(getDb, getConfig().appEnv),
    startNotificationDigestOnce(getDb, getConfig().appEnv),
  ]
  onShutdown('scheduled jobs', async () => {
    for (const job of jobs) job?.stop()
    await stopScheduledJobs()
  })
  return listener(req, res)
}
