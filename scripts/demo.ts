import type { ChildProcess } from 'node:child_process'
import { loadConfig } from '@/lib/config/env'
import { DEMO_TOTP_SECRET, DEMO_USERS } from '@/server/seed/demo-users'
import { prepareBlobStorage, startAzurite } from './lib/azurite'
import { buildIfStale } from './lib/build'
import { startNext, waitForHealthy } from './lib/next-server'
import { runScript } from './run-script'

/**
 * `npm run demo`: build if needed, migrate and seed demo data, start Azurite (unless real storage is configured)
 * and the portal, print where to go and who to sign in as. Ctrl-C stops everything it started.
 */
const children: ChildProcess[] = []
const stopAll = () => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM'))
process.on('SIGINT', () => {
  stopAll()
  process.exit(0)
})
process.on('SIGTERM', () => {
  stopAll()
  process.exit(0)
})

await runScript(async () => {
  // Readable one-line logs under the sign-in table (LOG_FORMAT=json for the production form).
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SEED_DEMO: 'true',
    DEMO_STAFF_TOTP: process.env.DEMO_STAFF_TOTP ?? 'true',
    ENABLE_DEV_OUTBOX: process.env.ENABLE_DEV_OUTBOX ?? 'true',
    LOG_FORMAT: process.env.LOG_FORMAT ?? 'pretty',
  }
  const config = loadConfig(env)

  buildIfStale()

  // Blob storage first: the demo seed stores real documents in it.
  if (!config.storage.connectionString) {
    const azurite = await startAzurite(config)
    children.push(azurite.process)
    env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString
    console.log(`Azurite blob storage on http://127.0.0.1:${config.storage.azuritePort} (account ${config.storage.accountName})`)
  }
  await prepareBlobStorage(env.AZURE_STORAGE_CONNECTION_STRING!, config.storage.container, [
    config.publicUrl,
    `http://localhost:${config.port}`,
    `http://127.0.0.1:${config.port}`,
  ])

  // Migrate and seed here, then release the data directory for the portal process.
  process.env.SEED_DEMO = 'true'
  process.env.DEMO_STAFF_TOTP = env.DEMO_STAFF_TOTP
  process.env.AZURE_STORAGE_CONNECTION_STRING = env.AZURE_STORAGE_CONNECTION_STRING
  const { closeDatabase, getDatabaseHandle } = await import('@/server/db/client')
  const { seedOnOpen } = await import('@/server/seed/seed-on-open')
  seedOnOpen()
  const handle = await getDatabaseHandle()
  console.log(`Database ready (${handle.kind}: ${handle.location})`)
  await closeDatabase()

  const portal = startNext({ port: config.port, host: config.host, env })
  children.push(portal)
  portal.on('exit', (code) => {
    stopAll()
    process.exit(code ?? 1)
  })
  await waitForHealthy(`http://127.0.0.1:${config.port}/api/v1/health/ready`, portal)

  console.log(`\nThe portal is running at ${config.publicUrl} (API at ${config.publicUrl}/api/v1)`)
  console.log(`Demo sign-ins (password: ${config.demoPassword}):`)
  for (const u of DEMO_USERS)
    console.log(`  ${u.email.padEnd(24)} ${u.staffRole ?? 'business owner'}${u.iswStaff ? ' (payment group)' : ''}`)
  if (config.demoStaffTotp) {
    console.log(`Staff also need a code from an authenticator app. Add this key to yours (Google Authenticator, 1Password…):`)
    console.log(`  ${DEMO_TOTP_SECRET.replace(/(.{4})/g, '$1 ').trim()}`)
    console.log(`  or read the current code: curl '${config.publicUrl}/api/v1/dev/demo-totp?email=superadmin@example.com'`)
  }
  console.log('Press Ctrl-C to stop.')
})
