/**
 * Shared plumbing of the bench-only servers (api-server.ts, business-list-server.ts): a free port, a throwaway
 * DATA_DIR set up before app code loads, a token for the demo super admin, and a stop that cleans up.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const SUPERADMIN_EMAIL = 'superadmin@example.com'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

/**
 * Configuration is read once, lazily, by getConfig(): set it before loading app code. Without a database URL the
 * server always uses a throwaway PGlite, never a configured PostgreSQL. DATA_DIR also holds the generated secrets.
 */
export function prepareBenchEnvironment(options: { prefix: string; port: number; databaseUrl?: string }): string {
  const dataDir = mkdtempSync(join(tmpdir(), options.prefix))
  Object.assign(process.env, {
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'silent',
    PORT: String(options.port),
    HOST: '127.0.0.1',
  })
  if (options.databaseUrl) process.env.DATABASE_URL = options.databaseUrl
  else delete process.env.DATABASE_URL
  return dataDir
}

/** Signs in the seeded super admin (a session and an access token), as the login call would. */
export async function superadminToken(): Promise<string> {
  const { eq } = await import('drizzle-orm')
  const { getDb } = await import('@/server/db/client')
  const { users } = await import('@/server/db/schema')
  const { createSession } = await import('@/server/auth/sessions')
  const { mintAccessToken } = await import('@/server/auth/tokens')
  const db = await getDb()
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, SUPERADMIN_EMAIL))
  if (!user) throw new Error(`Demo user ${SUPERADMIN_EMAIL} was not seeded`)
  const session = await createSession({ db, userId: user.id, passwordVerified: true })
  return (await mintAccessToken({ userId: user.id, sessionId: session.id, sessionExpiresAt: session.expiresAt })).accessToken
}

/** Stops once: closes the HTTP server and the database, deletes the data dir, exits. Wired to SIGTERM and SIGINT. */
export function createStopper(dataDir: string, server: () => { close: () => unknown } | undefined) {
  let stopping = false
  const stop = async (code: number): Promise<never> => {
    if (!stopping) {
      stopping = true
      server()?.close()
      const { closeDatabase } = await import('@/server/db/client')
      await closeDatabase().catch(() => undefined)
      rmSync(dataDir, { recursive: true, force: true })
    }
    process.exit(code)
  }
  process.on('SIGTERM', () => void stop(0))
  process.on('SIGINT', () => void stop(0))
  return stop
}

/** `--admin-url=…` (a PostgreSQL URL with the right to create databases), default the local postgres superuser. */
export function adminUrlFlag(argv: readonly string[]): string {
  return (
    argv.find((a) => a.startsWith('--admin-url='))?.slice('--admin-url='.length) ?? 'postgres://postgres@127.0.0.1:5432/postgres'
  )
}

/**
 * A throwaway PostgreSQL database named `<name>_<pid>` and the bench environment pointed at it (no demo data, no
 * shipped screening lists unless `shippedLists`); `drop()` removes it. Call before loading app code.
 */
export async function throwawayPostgres(options: { adminUrl: string; name: string; shippedLists?: boolean }) {
  const { Client } = await import('pg')
  // BENCH_DATABASE_PREFIX: a prefix for the database's name (sessions sharing one PostgreSQL name theirs apart).
  const dbName = `${process.env.BENCH_DATABASE_PREFIX ?? ''}${options.name}_${process.pid}`
  const admin = new Client({ connectionString: options.adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${dbName}`)
  await admin.end()
  const url = new URL(options.adminUrl)
  url.pathname = `/${dbName}`
  const dataDir = prepareBenchEnvironment({
    prefix: `kyc-${options.name.replace(/_/g, '-')}-`,
    port: await freePort(),
    databaseUrl: url.toString(),
  })
  process.env.SEED_DEMO = 'false'
  process.env.SCREENING_SHIPPED_LISTS = options.shippedLists ? 'true' : 'false'
  return {
    dataDir,
    drop: async () => {
      const client = new Client({ connectionString: options.adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
      await client.end()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** A progress line on stderr, stamped with the time. */
export const logProgress = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`)
