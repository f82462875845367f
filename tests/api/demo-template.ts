import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { inject } from 'vitest'
import { lagosDay } from '@/lib/format/business-days'
import { stopFileApiServer } from './api-server'
import { closeProcessState, noteConcurrentQueryWarnings } from './process-state'
import { TEST_ENV, withTestEnv } from './test-env'

/**
 * A test file about the demo data starts from a copy of the seeded demo instead of seeding it itself: the whole demo
 * seed cost each such file 10–40 CPU-seconds, on PGlite and again on PostgreSQL (docs/testing.md#ci). The demo is
 * seeded once per run and variant, by the same `seed()` with the same options the file used to call, on a copy of
 * the run's plain template, in this process, with the API tests' environment; the file's database is then replaced
 * by a copy of it (PGlite: the data directory; PostgreSQL: `CREATE DATABASE … TEMPLATE`).
 *
 * A file about the demo alone calls it at its top (top-level await); a file whose demo tests follow tests of its own
 * calls it in those tests' `beforeAll`. The file still runs `seed()` again where it proves that a second run writes
 * nothing; seed.test.ts, which tests the seed itself, still seeds.
 *
 * The demo's dates are relative to the day it is seeded (due times, deferrals, the away reviewer, the year of
 * history), so a template is made per UTC day and Lagos day: a run that crosses either midnight seeds a new one
 * rather than giving a file yesterday's demo.
 */
export interface DemoOptions {
  /** The shipped screening lists loaded (seed()'s default), or not (`shippedLists: false`). */
  shippedLists: boolean
}

const DEMO_PASSWORD = 'Demo-Passw0rd!'

/** The variant and the day the demo was seeded on: `1_20261130_0` (lists, 30 Nov UTC, the same day in Lagos). */
function demoKey(options: DemoOptions, now = new Date()): string {
  const utc = now.toISOString().slice(0, 10)
  return `${options.shippedLists ? 1 : 0}_${utc.replaceAll('-', '')}_${lagosDay(now) === utc ? 0 : 1}`
}

async function seedDemoInto(env: Record<string, string>, options: DemoOptions): Promise<void> {
  await closeProcessState()
  try {
    await withTestEnv({ ...TEST_ENV, ...env }, async () => {
      const { loadConfig } = await import('@/lib/config/env')
      const { openDatabase } = await import('@/server/db/client')
      const { seed } = await import('@/server/seed')
      const handle = await openDatabase(loadConfig())
      try {
        await seed(handle.db, { demo: true, demoPassword: DEMO_PASSWORD, shippedLists: options.shippedLists })
      } finally {
        await handle.close()
      }
    })
  } finally {
    // Whatever the seed opened or cached (configuration, blob storage, mail) under the template's environment.
    await closeProcessState()
  }
}

/** A lock between the run's processes (each vitest worker is one): a directory only one can create. */
async function withDirLock<T>(path: string, run: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(path)
      break
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  try {
    return await run()
  } finally {
    rmSync(path, { recursive: true, force: true })
  }
}

async function pgliteDemo(templateDir: string, options: DemoOptions): Promise<string> {
  const root = inject('scratchRoot')
  const dir = join(root, `demo-${demoKey(options)}`)
  if (existsSync(dir)) return dir
  return withDirLock(`${dir}.lock`, async () => {
    if (existsSync(dir)) return dir
    const making = `${dir}.making`
    rmSync(making, { recursive: true, force: true })
    cpSync(templateDir, making, { recursive: true })
    await seedDemoInto({ DATA_DIR: making, DATABASE_URL: '' }, options)
    renameSync(making, dir)
    return dir
  })
}

async function postgresDemo(templateUrl: string, options: DemoOptions): Promise<string> {
  const pg = (await import('pg')).default
  const templateName = new URL(templateUrl).pathname.slice(1)
  const name = `${templateName}_demo${demoKey(options)}`
  const making = `${name}_m`
  const maintenance = new URL(templateUrl)
  maintenance.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: maintenance.toString() })
  await admin.connect()
  try {
    const exists = async () => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1
    if (await exists()) return name
    // One worker seeds, the others wait for it (the lock is the session's: it goes if the worker dies).
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name])
    try {
      if (await exists()) return name
      await admin.query(`DROP DATABASE IF EXISTS "${making}" WITH (FORCE)`)
      await cloneDatabase(admin, templateName, making)
      const url = new URL(templateUrl)
      url.pathname = `/${making}`
      const dataDir = join(inject('scratchRoot'), `${making}-data`)
      await seedDemoInto({ DATABASE_URL: url.toString(), DATA_DIR: dataDir }, options)
      rmSync(dataDir, { recursive: true, force: true })
      await admin.query(`ALTER DATABASE "${making}" RENAME TO "${name}"`)
      return name
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name])
    }
  } finally {
    await admin.end()
  }
}

/** CREATE DATABASE … TEMPLATE, retried: a clone needs its template idle, and another worker may be cloning it. */
export async function cloneDatabase(admin: import('pg').Client, template: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`)
      return
    } catch (error) {
      if (attempt > 40) throw error
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
    }
  }
}

/**
 * This file's database becomes a copy of the seeded demo (see above), with a data directory of its own, so values a
 * helper made for the file's earlier database start again (tests/api/per-file.ts). Called in a `beforeAll` of a
 * file's demo tests, after tests of its own: the file's server, if it started one, is stopped first (the next request
 * starts one on the copy), and what it printed is kept for the file's end (tests/api/setup-file.ts).
 */
export async function startFromDemo(options: DemoOptions): Promise<void> {
  const template = inject('template')
  noteConcurrentQueryWarnings(await stopFileApiServer())
  await closeProcessState()
  const dataDir = mkdtempSync(join(inject('scratchRoot'), 'file-'))
  if (template.kind === 'pglite') {
    const demo = await pgliteDemo(template.dir, options)
    rmSync(dataDir, { recursive: true, force: true })
    cpSync(demo, dataDir, { recursive: true })
  } else {
    const demo = await postgresDemo(template.url, options)
    const pg = (await import('pg')).default
    const name = new URL(process.env.DATABASE_URL!).pathname.slice(1)
    const maintenance = new URL(template.url)
    maintenance.pathname = '/postgres'
    const admin = new pg.Client({ connectionString: maintenance.toString() })
    await admin.connect()
    try {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await cloneDatabase(admin, demo, name)
    } finally {
      await admin.end()
    }
  }
  const previous = process.env.DATA_DIR
  process.env.DATA_DIR = dataDir
  if (previous?.startsWith(inject('scratchRoot'))) rmSync(previous, { recursive: true, force: true })
  // As tests/api/setup-file.ts leaves the process: the database seeds itself when the file first opens it (a no-op).
  const { seedOnOpen } = await import('@/server/seed/seed-on-open')
  seedOnOpen()
}
