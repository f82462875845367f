import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort, prepareBlobStorage, startAzurite } from '../../scripts/lib/azurite'
import { buildIfStale } from '../../scripts/lib/build'
import { scratchDir } from '../../scripts/lib/scratch-dir'
import { apiServerKind, type ApiServerKind } from './api-server'
import { TEST_BLOB_ACCOUNT, TEST_BLOB_CONTAINER, TEST_ENV, withTestEnv } from './test-env'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated, seeded data directory each test file copies. PostgreSQL: the template database URL. */
    template: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string }
    /** The real server the tests send HTTP to (API_TEST_SERVER, see api-server.ts); null: in process. */
    apiServer: ApiServerKind | null
    /** The run's scratch directory (in memory where the machine has one): each file's data directory is made in it. */
    scratchRoot: string
  }
}

/**
 * Starts one Azurite (free port, temporary data) for the whole run, with the upload container and CORS. Test
 * workers are forked after this, so the connection string set here reaches them through their environment.
 */
async function startTestBlobStorage(root: string) {
  const azurite = await startAzurite({ accountName: TEST_BLOB_ACCOUNT, port: await freePort(), location: join(root, 'azurite') })
  try {
    await prepareBlobStorage(azurite.connectionString, TEST_BLOB_CONTAINER, ['http://localhost:3000', 'http://127.0.0.1:3000'])
  } catch (error) {
    await azurite.stop()
    throw error
  }
  process.env.AZURE_STORAGE_CONNECTION_STRING = azurite.connectionString
  return azurite
}

/**
 * Migrates and seeds once: into a template directory for PGlite (copied per test file, ~10x faster than migrating
 * each time), or into TEST_DATABASE_URL for PostgreSQL (cloned per file with CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL
  const serverKind = apiServerKind()
  if (serverKind && !postgresUrl) {
    throw new Error(
      'API_TEST_SERVER needs TEST_DATABASE_URL: each test file shares its database with its server, and PGlite is one process only',
    )
  }
  if (serverKind === 'next' || serverKind === 'standalone') buildIfStale()
  const root = scratchDir('kyc-api-tests-')
  const dataDir = join(root, 'template')
  const azurite = await startTestBlobStorage(root)

  try {
    await withTestEnv({ ...TEST_ENV, DATA_DIR: dataDir, DATABASE_URL: postgresUrl ?? '' }, async () => {
      const { loadConfig } = await import('@/lib/config/env')
      const { openDatabase } = await import('@/server/db/client')
      const { seed } = await import('@/server/seed')
      const config = loadConfig()
      const handle = await openDatabase(config)
      await seed(handle.db, { demo: false, demoPassword: config.demoPassword, shippedLists: config.screeningShippedLists })
      await handle.close()
    })
  } catch (error) {
    await azurite.stop()
    throw error
  }

  project.provide('template', postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dir: dataDir })
  project.provide('apiServer', serverKind)
  project.provide('scratchRoot', root)
  return async () => {
    await azurite.stop()
    rmSync(root, { recursive: true, force: true })
    if (postgresUrl) await dropFileDatabases(postgresUrl)
  }
}

/** Files whose tests were all skipped never run their afterAll, so sweep every per-file clone and demo template at the end. */
async function dropFileDatabases(templateUrl: string) {
  const pg = (await import('pg')).default
  const client = new pg.Client({ connectionString: templateUrl })
  await client.connect()
  const name = new URL(templateUrl).pathname.slice(1)
  // The files' clones (`_f…`) and the demo templates (`_demo…`, tests/api/demo-template.ts).
  const { rows } = await client.query<{ datname: string }>(
    'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR starts_with(datname, $2)',
    [`${name}_f`, `${name}_demo`],
  )
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`)
  await client.end()
}
