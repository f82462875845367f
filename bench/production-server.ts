import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { startNext, waitForHealthy } from '../scripts/lib/next-server'
import { PROJECT_ROOT } from './paths'
import { freePort } from './server-kit'

/**
 * The production server (`next start` on the existing build) with demo data, on a throwaway PGlite data dir or a
 * throwaway PostgreSQL database, for the benches that measure what users hit.
 */
export type ServerBackend = 'pglite' | 'postgres'

export const DEMO_PASSWORD = 'Demo-Passw0rd!'
export const DEFAULT_POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

export interface ProductionServer {
  backend: ServerBackend
  origin: string
  stop: () => Promise<void>
}

async function adminQuery(adminUrl: string, text: string) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end().catch(() => undefined)
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function startProductionServer(options: {
  backend: ServerBackend
  postgresAdminUrl?: string
  port?: number
  nodeArgs?: string[]
}): Promise<ProductionServer> {
  const port = options.port ?? (await freePort())
  const dataDir = mkdtempSync(join(tmpdir(), `kyc-bench-${options.backend}-`))
  const adminUrl = options.postgresAdminUrl ?? DEFAULT_POSTGRES_ADMIN_URL
  const database = options.backend === 'postgres' ? `kyc_bench_${Date.now()}_${process.pid}` : undefined
  if (database) await adminQuery(adminUrl, `create database "${database}"`)

  const dropDatabase = async () => {
    if (database) await adminQuery(adminUrl, `drop database if exists "${database}" with (force)`).catch(() => undefined)
  }
  let child: ChildProcess | undefined
  const killIfRunning = () => child?.kill('SIGKILL')
  process.once('exit', killIfRunning)
  const stop = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child?.kill('SIGKILL'), 10_000)
      await exited
      clearTimeout(timer)
    }
    process.off('exit', killIfRunning)
    rmSync(dataDir, { recursive: true, force: true })
    await dropDatabase()
  }

  try {
    process.chdir(PROJECT_ROOT)
    child = startNext({
      port,
      host: '127.0.0.1',
      quiet: true,
      nodeArgs: options.nodeArgs,
      env: {
        ...process.env,
        APP_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: database ? databaseUrl(adminUrl, database) : '',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    })
    await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health`, child, 120_000)
    return { backend: options.backend, origin: `http://127.0.0.1:${port}`, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Signs in through the API, as the login form does; answers the bearer token. */
export async function signIn(origin: string, email: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${origin}/api/v1/accounts/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  const body = (await response.json()) as { access_token?: string; user?: { id: string } }
  if (response.status !== 200 || !body.access_token || !body.user)
    throw new Error(`Sign-in of ${email} answered ${response.status}: ${JSON.stringify(body)}`)
  return { token: body.access_token, userId: body.user.id }
}
