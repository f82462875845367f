import { serve } from '@hono/node-server'
import { getConfig } from '@/lib/config/env'
import { createApp } from './app'
import { closeDatabase, getDatabaseHandle, getDb } from './db/client'
import { stopScheduledJobs } from './jobs/job-scheduler'
import { logger } from './logger'
import { startReminderJobOnce } from './modules/reminders/daily-job'
import { startRetentionJobOnce } from './modules/retention/retention-job'
import { startWebhookDispatcherOnce } from './modules/webhooks/dispatcher'
import { seedOnOpen } from './seed/seed-on-open'

/** `npm run api`: the business API on its own, for a deployment that separates it from the portal. */
const config = getConfig()
seedOnOpen()
await getDatabaseHandle()
const reminders = startReminderJobOnce(getDb, config.appEnv)
const retention = startRetentionJobOnce(getDb, config.appEnv)
const webhooks = startWebhookDispatcherOnce(getDb, config.appEnv)
const app = createApp()
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ url: `http://127.0.0.1:${info.port}/api/v1` }, 'business API listening')
})

async function shutdown(signal: string) {
  logger.info({ signal }, 'shutting down')
  reminders?.stop()
  retention?.stop()
  webhooks?.stop()
  await stopScheduledJobs()
  server.close()
  await closeDatabase()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
