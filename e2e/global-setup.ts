import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buildIfStale } from '../scripts/lib/build'
import { startNext, waitForHealthy } from '../scripts/lib/next-server'

/** Builds once (if stale) and starts `next start` on a temporary DATA_DIR with demo data; stops it afterwards. */
export default async function globalSetup() {
  buildIfStale()
  const port = Number(process.env.E2E_PORT ?? 3100)
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-e2e-'))
  const server = startNext({
    port,
    host: '127.0.0.1',
    quiet: true,
    env: {
      ...process.env,
      APP_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ENABLE_DEV_OUTBOX: 'true',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
  })
  try {
    await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health/ready`, server, 90_000)
  } catch (error) {
    server.kill('SIGTERM')
    throw error
  }
  return async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => (server.exitCode !== null ? resolve(null) : server.once('exit', resolve)))
    rmSync(dataDir, { recursive: true, force: true })
  }
}
