import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, inject } from 'vitest'
import { stopFileApiServer } from './api-server'
import { cloneDatabase } from './demo-template'
import { closeProcessState, restoreEnvironment, takeConcurrentQueryWarnings } from './process-state'
import { TEST_ENV } from './test-env'

/**
 * Each test file gets its own database: a copy of the PGlite template directory, or a PostgreSQL database
 * cloned from the template. The app reads the environment lazily, so setting it here is enough.
 */
const template = inject('template')
const env = process.env
// As in a fresh process (tests/api/process-state.ts), whatever the file before left.
await closeProcessState()
restoreEnvironment()
takeConcurrentQueryWarnings()
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
  // From the maintenance database: a session connected to the template would stop every clone of it (the files share
  // one process, so a connection left open would stay for the whole run).
  const maintenance = new URL(template.url)
  maintenance.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: maintenance.toString() })
  await admin.connect()
  try {
    // Cloning needs the template to be idle; parallel files may briefly collide (cloneDatabase retries).
    await cloneDatabase(admin, templateName, name)
  } finally {
    await admin.end()
  }
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

// Whatever opened the database or read the configuration while this file's environment was being set.
await closeProcessState()
// As in the portal, the database seeds itself when the file first opens it (a no-op on the seeded template).
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
seedOnOpen()

// The file whose server or test process printed pg's concurrent-query warning fails (tests/api/process-state.ts).
afterAll(async () => {
  const concurrentQueryWarnings = [...(await stopFileApiServer()), ...takeConcurrentQueryWarnings()]
  await closeProcessState()
  await cleanup()
  // A file that started from the demo has a data directory of its own (tests/api/demo-template.ts).
  if (env.DATA_DIR?.startsWith(inject('scratchRoot'))) rmSync(env.DATA_DIR, { recursive: true, force: true })
  restoreEnvironment()
  if (concurrentQueryWarnings.length)
    throw new Error(`pg: a query was sent while another ran on its connection:\n${concurrentQueryWarnings.join('\n')}`)
})
