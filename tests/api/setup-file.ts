import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, inject } from 'vitest'
import { CONCURRENT_QUERY_WARNING, stopFileApiServer } from './api-server'
import { TEST_ENV } from './test-env'

/**
 * Each test file gets its own database: a copy of the PGlite template directory, or a PostgreSQL database
 * cloned from the template. The app reads the environment lazily, so setting it here is enough.
 */
const template = inject('template')
const env = process.env
// The API project runs its files one after another in one process without isolation (vitest.config.ts): each file
// leaves the environment and the process's singletons (the config, the database, throttles, blob and mail clients,
// the scheduler: the app keeps them on globalThis) as it found them, so the next file starts as in a fresh process.
const envAtStart = { ...env }
const globalsAtStart = new Set(Object.keys(globalThis))
Object.assign(env, TEST_ENV)

let cleanup: () => Promise<void>

if (template.kind === 'pglite') {
  const dir = mkdtempSync(join(inject('scratchRoot'), 'file-'))
  cpSync(template.dir, dir, { recursive: true })
  env.DATA_DIR = dir
  delete env.DATABASE_URL
  cleanup = async () => rmSync(dir, { recursive: true, force: true })
} else {
  const pg = (await import('pg')).default
  const base = new URL(template.url)
  const templateName = base.pathname.slice(1)
  const name = `${templateName}_f${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const admin = new pg.Client({ connectionString: template.url })
  await admin.connect()
  // Cloning needs the template to be idle; parallel files may briefly collide, so retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName}"`)
      break
    } catch (error) {
      if (attempt > 40) throw error
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200))
    }
  }
  await admin.end()
  const url = new URL(template.url)
  url.pathname = `/${name}`
  env.DATABASE_URL = url.toString()
  const dataDir = mkdtempSync(join(inject('scratchRoot'), 'file-'))
  env.DATA_DIR = dataDir
  cleanup = async () => {
    const drop = new pg.Client({ connectionString: template.url })
    await drop.connect()
    await drop.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    await drop.end()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

// As in the portal, the database seeds itself when the file first opens it (a no-op on the seeded template).
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
seedOnOpen()

// pg queues a query sent while another runs on the same connection, warns, and will refuse it in pg 9: the portal's
// connections run one at a time (server/db/serial-queries.ts). The warning fails the file that caused it, whether
// the test process printed it or the file's server did (tests/api/api-server.ts).
const concurrentQueryWarnings: string[] = []
const onWarning = (warning: Error) => {
  if (CONCURRENT_QUERY_WARNING.test(warning.message)) concurrentQueryWarnings.push(warning.stack ?? warning.message)
}
process.on('warning', onWarning)

afterAll(async () => {
  concurrentQueryWarnings.push(...(await stopFileApiServer()))
  const { stopScheduledJobs } = await import('@/server/jobs/job-scheduler')
  await stopScheduledJobs()
  const { closeDatabase } = await import('@/server/db/client')
  await closeDatabase()
  await cleanup()
  process.off('warning', onWarning)
  forgetProcessState()
  if (concurrentQueryWarnings.length)
    throw new Error(`pg: a query was sent while another ran on its connection:\n${concurrentQueryWarnings.join('\n')}`)
})

/** What this file changed in the process: the environment back as it was, the app's singletons on globalThis gone. */
function forgetProcessState() {
  for (const key of Object.keys(env)) if (!(key in envAtStart)) delete env[key]
  Object.assign(env, envAtStart)
  const scope = globalThis as Record<string, unknown>
  for (const key of Object.keys(globalThis))
    if (key.startsWith('__') && !key.startsWith('__vitest') && !globalsAtStart.has(key)) delete scope[key]
}
