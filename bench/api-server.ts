/**
 * Bench-only entry: the business API on a throwaway PGlite database, with an access token for the demo super admin.
 *
 *   node --import tsx bench/api-server.ts [port]
 *
 * Prints one line `{"ready":true,"port":…,"token":"…","dataDir":"…"}` on stdout once it answers. Stops (and deletes its
 * data dir) on SIGTERM, SIGINT or when stdin closes, so it cannot outlive the process that spawned it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SUPERADMIN_EMAIL = 'superadmin@example.com'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

const portArg = process.argv[2]
const port = portArg ? Number.parseInt(portArg, 10) : await freePort()
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`Invalid port: ${portArg}`)

// Configuration is read once, lazily, by getConfig() (and the logger at import): set it before loading app code.
const dataDir = mkdtempSync(join(tmpdir(), 'kyc-bench-'))
Object.assign(process.env, {
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  LOG_LEVEL: 'silent',
  PORT: String(port),
  HOST: '127.0.0.1',
})
delete process.env.DATABASE_URL // always the throwaway PGlite, never a configured PostgreSQL

const { eq } = await import('drizzle-orm')
const { serve } = await import('@hono/node-server')
const { createApp } = await import('@/server/app')
const { closeDatabase, getDatabaseHandle } = await import('@/server/db/client')
const { users } = await import('@/server/db/schema')
const { createSession } = await import('@/server/auth/sessions')
const { mintAccessToken } = await import('@/server/auth/tokens')

let server: ReturnType<typeof serve> | undefined
let stopping = false
async function stop(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    server?.close()
    await closeDatabase().catch(() => undefined)
    rmSync(dataDir, { recursive: true, force: true })
  }
  process.exit(code)
}
process.on('SIGTERM', () => void stop(0))
process.on('SIGINT', () => void stop(0))
process.stdin.on('end', () => void stop(0)).resume()

try {
  const { db } = await getDatabaseHandle() // migrates and seeds the demo users
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, SUPERADMIN_EMAIL))
  if (!user) throw new Error(`Demo user ${SUPERADMIN_EMAIL} was not seeded`)
  const session = await createSession({ db, userId: user.id })
  const { accessToken } = await mintAccessToken({ userId: user.id, sessionId: session.id, sessionExpiresAt: session.expiresAt })

  const app = createApp()
  server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`${JSON.stringify({ ready: true, port: info.port, token: accessToken, dataDir })}\n`)
  })
  server.on('error', (error) => {
    console.error(error)
    void stop(1)
  })
} catch (error) {
  console.error(error)
  await stop(1)
}
