import { getConfig } from '@/lib/config/env'
import { closeDatabase, getDatabaseHandle } from '@/server/db/client'
import { migrateJobQueue } from '@/server/jobs/job-scheduler'
import { seedOnOpen } from '@/server/seed/seed-on-open'
import { runScript } from './run-script'

/**
 * `npm run db:migrate` (`node migrate.mjs` in the container): applies the committed migrations (and the always-on
 * seed) to the configured database, whatever MIGRATE_ON_START says.
 */
await runScript(async () => {
  seedOnOpen()
  const handle = await getDatabaseHandle({ migrate: true })
  // pg-boss's schema (scheduled work, server/jobs) beside the Drizzle migrations; PGlite runs its jobs in process.
  const { databaseUrl } = getConfig()
  if (databaseUrl) await migrateJobQueue(databaseUrl)
  console.log(`migrated ${handle.kind} database at ${handle.location} (APP_ENV=${getConfig().appEnv})`)
  await closeDatabase()
})
