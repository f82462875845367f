import { join, resolve } from 'node:path'
import type { ExtractTablesWithRelations } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { getConfig, type AppConfig } from '@/lib/config/env'
import { logger } from '@/server/logger'
import { registerAuthEpochWatch, watchAuthEpochOnPglite, watchAuthEpochOnPostgres } from './auth-epoch-watch'
import { lockDataDir } from './data-dir-lock'
import { withNamedStatements } from './pglite-statements'
import * as schema from './schema'
import { serialiseQueries } from './serial-queries'

export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>
/** Anything that runs queries: the database or an open transaction. */
export type Executor = Database | Tx

export interface DatabaseHandle {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Where the data lives, for messages (directory for PGlite, host/database for PostgreSQL). */
  location: string
  close: () => Promise<void>
}

export const MIGRATIONS_DIR = resolve(process.cwd(), 'server/db/migrations')

/**
 * Opens the configured database and applies the committed migrations, or, with `migrate: false`
 * (MIGRATE_ON_START=false, the container's default), only checks that none is pending: an instance then never
 * migrates, `node migrate.mjs` does (docs/architecture.md#migrations).
 */
export async function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databasePoolMax' | 'dataDir' | 'migrateOnStart'>,
  options: { migrate?: boolean } = {},
): Promise<DatabaseHandle> {
  const migrateNow = options.migrate ?? config.migrateOnStart
  if (config.databaseUrl) return openPostgres(config.databaseUrl, config.databasePoolMax, migrateNow)
  return openPglite(join(config.dataDir, 'pglite'), config.dataDir, migrateNow)
}

/** The committed migrations the database has not applied (drizzle's own rule: newer than the last one applied). */
async function pendingMigrations(db: Database): Promise<string[]> {
  const { readMigrationFiles } = await import('drizzle-orm/migrator')
  const { sql } = await import('drizzle-orm')
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })
  let lastApplied = -1
  try {
    const rows = (await db.execute(sql`SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations`)) as unknown as {
      rows: { last: string | null }[]
    }
    lastApplied = Number(rows.rows[0]?.last ?? -1)
  } catch {
    // no migrations table: nothing applied yet
  }
  return migrations.filter((m) => m.folderMillis > lastApplied).map((m) => m.hash.slice(0, 12))
}

async function assertMigrated(db: Database, location: string) {
  const pending = await pendingMigrations(db)
  if (pending.length) {
    throw new Error(
      `The database at ${location} is ${pending.length} migration(s) behind and MIGRATE_ON_START is false: ` +
        'run the migrate command first (`node migrate.mjs` in the container, `npm run db:migrate` in a checkout)',
    )
  }
}

async function openPostgres(url: string, max: number, migrateNow: boolean): Promise<DatabaseHandle> {
  const { Pool } = (await import('pg')).default
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  let migrated!: { resolve: () => void; reject: (error: unknown) => void }
  const epochWatch = watchAuthEpochOnPostgres(url, new Promise<void>((resolve, reject) => (migrated = { resolve, reject })))
  const pool = new Pool({
    connectionString: url,
    max,
    onConnect: async (client) => {
      serialiseQueries(client)
      await epochWatch.onPoolConnect(client)
    },
  })
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL client failed'))
  const { host, pathname } = new URL(url)
  const location = `${host}${pathname}`
  const db = drizzle({ client: pool, schema }) as unknown as Database
  try {
    if (migrateNow) {
      // One migrator at a time when several instances start together.
      const client = await pool.connect()
      try {
        await client.query('SELECT pg_advisory_lock(7340001)')
        await migrate(drizzle({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
      } finally {
        await client.query('SELECT pg_advisory_unlock(7340001)').catch(() => undefined)
        client.release()
      }
    } else {
      await assertMigrated(db, location)
    }
    migrated.resolve()
  } catch (error) {
    migrated.reject(error)
    await epochWatch.close()
    await pool.end().catch(() => undefined)
    throw error
  }
  registerAuthEpochWatch(db, epochWatch)
  if (migrateNow) await encryptValuesInClear(db)
  return {
    db,
    kind: 'postgres',
    location,
    close: async () => {
      await epochWatch.close()
      await pool.end()
    },
  }
}

async function openPglite(pgDir: string, dataDir: string, migrateNow: boolean): Promise<DatabaseHandle> {
  const release = lockDataDir(dataDir)
  try {
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
    const { drizzle } = await import('drizzle-orm/pglite')
    const { migrate } = await import('drizzle-orm/pglite/migrator')
    // One PGlite client per process: it has a single connection and queues every query and transaction.
    const pglite = await import('@electric-sql/pglite')
    const client = await pglite.PGlite.create(pgDir, { extensions: { pg_trgm } })
    const plain = drizzle({ client, schema })
    try {
      if (migrateNow) await migrate(plain, { migrationsFolder: MIGRATIONS_DIR })
      else await assertMigrated(plain as unknown as Database, pgDir)
    } catch (error) {
      await client.close().catch(() => undefined)
      throw error
    }
    // Served through named statements once the schema is in place (server/db/pglite-statements.ts).
    const db = drizzle({ client: withNamedStatements(client, pglite), schema })
    const epochWatch = await watchAuthEpochOnPglite(client)
    registerAuthEpochWatch(db as unknown as Database, epochWatch)
    if (migrateNow) await encryptValuesInClear(db as unknown as Database)
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      location: pgDir,
      close: async () => {
        await epochWatch.close()
        await client.close()
        release()
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

/**
 * After the migrations: the data steps SQL can't do (identity numbers stored before field encryption, encrypted in
 * place with their blind indexes), each once: `data_migrations` marks what is done (server/db/data-migrations.ts).
 */
async function encryptValuesInClear(db: Database) {
  const { runDataMigrations } = await import('./data-migrations')
  await runDataMigrations(db)
}

/**
 * What runs once after the migrations when the process first opens its database: the seed. It composes services
 * (audit, files, verification), which sit above this layer, so the process's entry point installs it (server/app.ts
 * through server/seed/seed-on-open.ts) rather than the client importing it.
 */
export type DatabaseSetup = (db: Database, config: AppConfig) => Promise<void>

const globalForDb = globalThis as unknown as {
  __dbHandle?: Promise<DatabaseHandle>
  __dbSetup?: DatabaseSetup
  /** The database `__dbHandle` (the same promise) resolved to. */
  __openedDb?: { handle: Promise<DatabaseHandle>; db: Database }
}

/** Installs the setup run on first open (the last one installed wins; one opened already is not set up again). */
export function setDatabaseSetup(setup: DatabaseSetup): void {
  globalForDb.__dbSetup = setup
}

/**
 * The process's database, opened (migrated unless MIGRATE_ON_START=false, then set up: seeded) on first use, never
 * at import. `migrate` overrides MIGRATE_ON_START (the migrate command); the first call's choice holds.
 */
export function getDatabaseHandle(options: { migrate?: boolean } = {}): Promise<DatabaseHandle> {
  if (!globalForDb.__dbHandle) {
    const opening = (async () => {
      const config = getConfig()
      const handle = await openDatabase(config, options)
      await globalForDb.__dbSetup?.(handle.db, config)
      logger.info({ database: handle.kind, location: handle.location }, 'database ready')
      return handle
    })().catch((error: unknown) => {
      globalForDb.__dbHandle = undefined
      throw error
    })
    globalForDb.__dbHandle = opening
    opening.then(
      (handle) => void (globalForDb.__openedDb = { handle: opening, db: handle.db }),
      () => undefined,
    )
  }
  return globalForDb.__dbHandle
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db
}

/** The database once it is open (a request's hot path reads it without an await), else undefined: use getDb. */
export function openedDb(): Database | undefined {
  return globalForDb.__openedDb?.handle === globalForDb.__dbHandle ? globalForDb.__openedDb?.db : undefined
}

export async function closeDatabase(): Promise<void> {
  const pending = globalForDb.__dbHandle
  globalForDb.__dbHandle = undefined
  if (pending) await (await pending).close()
}
