import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { freePort, prepareBlobStorage, startAzurite } from '../scripts/lib/azurite'
import { buildIfStale } from '../scripts/lib/build'
import { demoPortalEnv, startNext, waitForHealthy } from '../scripts/lib/next-server'
import { scratchDir } from '../scripts/lib/scratch-dir'
import { E2E_PARTNER } from './support/partner'

/**
 * Builds once (if stale), starts Azurite (free port, temporary data, the upload container with CORS for the e2e
 * origin) and `next start` on a temporary DATA_DIR with demo data; stops both afterwards. Specs reach the same
 * blob storage through AZURE_STORAGE_CONNECTION_STRING, which the workers inherit.
 */
export default async function globalSetup() {
  buildIfStale()
  const port = Number(process.env.E2E_PORT ?? 3100)
  const dataDir = scratchDir('kyc-e2e-')
  const azurite = await startAzurite({ accountName: 'test', port: await freePort(), location: join(dataDir, 'azurite') })
  try {
    await prepareBlobStorage(azurite.connectionString, 'blob', [`http://127.0.0.1:${port}`, `http://localhost:${port}`])
  } catch (error) {
    await azurite.stop()
    throw error
  }
  process.env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString
  process.env.AZURE_STORAGE_CONTAINER = 'blob'
  const server = startNext({
    port,
    host: '127.0.0.1',
    quiet: true,
    env: {
      // E2E_DATABASE_URL: an empty PostgreSQL database (CI) instead of PGlite in the server's own process.
      ...demoPortalEnv({
        port,
        dataDir,
        azuriteConnectionString: azurite.connectionString,
        databaseUrl: process.env.E2E_DATABASE_URL,
      }),
      // A host name, not 127.0.0.1: browsers refuse WebAuthn on an IP address, and the relying party is PUBLIC_URL's
      // host (e2e/passkeys.spec.ts opens the portal there; the other specs keep 127.0.0.1, which /api/login accepts as
      // the request's own host).
      PUBLIC_URL: `http://localhost:${port}`,
      // e2e/external-handover.spec.ts plays the partner.
      EXTERNAL_PARTNER_SECRET: E2E_PARTNER.secret,
      EXTERNAL_PARTNER_ISSUER: E2E_PARTNER.issuer,
      EXTERNAL_PARTNER_ORIGINS: E2E_PARTNER.origin,
    },
  })
  try {
    // Demo seeding on PGlite, then the warm-up (server/lifecycle/warm-up.ts, at most 20 s): over 90 s on a loaded CI machine.
    await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health/ready`, server, 180_000)
  } catch (error) {
    server.kill('SIGTERM')
    await azurite.stop()
    throw error
  }
  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)))
    await azurite.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
