import type { Server } from 'node:http'
import { serve } from '@hono/node-server'
import { getConfig } from '@/lib/config/env'
import { createApp } from './app'
import { getDatabaseHandle, getDb } from './db/client'
import { stopScheduledJobs } from './jobs/job-scheduler'
import { installGracefulShutdown, onShutdown } from './lifecycle/graceful-shutdown'
import { logger } from './logger'
import { startNotificationDigestOnce } from './modules/notifications/send-digests'
import { startReminderJobOnce } from './modules/reminders/daily-job'
import { startRetentionJobOnce } from './modules/retention/retention-job'
import { startRiskJobsOnce } from './modules/risk/risk-jobs'
import { startScreeningMonitoringOnce } from './modules/screening/monitoring/monitoring-runs'
import { startServiceLevelJobOnce } from './modules/service-levels/service-level-job'
import { startWebhookDispatcherOnce } from './modules/webhooks/dispatcher'
import { seedOnOpen } from './seed/seed-on-open'

/** `npm run api`: the business API on its own, for a deployment that separates it from the portal. */
const config = getConfig()
seedOnOpen()
await getDatabaseHandle()
const reminders = startReminderJobOnce(getDb, config.appEnv)
const retention = startRetentionJobOnce(getDb, config.appEnv)
const webhooks = startWebhookDispatcherOnce(getDb, config.appEnv)
const monitoring = startScreeningMonitoringOnce(getDb, config.appEnv)
const riskJobs = startRiskJobsOnce(getDb, config.appEnv)
const serviceLevels = startServiceLevelJobOnce(getDb, config.appEnv)
const digests = startNotificationDigestOnce(getDb, config.appEnv)
const app = createApp()
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ url: `http://127.0.0.1:${info.port}/api/v1` }, 'business API listening')
})

onShutdown('scheduled jobs', async () => {
  for (const job of [reminders, retention, webhooks, monitoring, riskJobs, serviceLevels, digests]) job?.stop()
  await stopScheduledJobs()
})
installGracefulShutdown({
  timeoutMs: config.shutdownTimeoutMs,
  readyDelayMs: config.shutdownReadyDelayMs,
  server: server as Server,
})
