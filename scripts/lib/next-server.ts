import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process'
import { resolve } from 'node:path'
import { STANDALONE_DIR } from './build'

/**
 * The environment the container image sets (Dockerfile `ENV`; tests/unit/dockerfile.test.ts keeps the two equal):
 * the portal handles SIGTERM (graceful shutdown) and never migrates at start (`node migrate.mjs` does).
 */
export const IMAGE_ENV = {
  NODE_ENV: 'production',
  NEXT_TELEMETRY_DISABLED: '1',
  NEXT_MANUAL_SIG_HANDLE: 'true',
  MIGRATE_ON_START: 'false',
  KEEP_ALIVE_TIMEOUT: '65000',
} as const

interface ServerProcessOptions {
  port: number
  host: string
  env: NodeJS.ProcessEnv
  quiet?: boolean
  logFd?: number
  /** stderr as a pipe the caller reads (child.stderr), stdout ignored. */
  pipeStderr?: boolean
  /** Node flags for the server process (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeArgs?: string[]
}

function stdioOf(options: ServerProcessOptions) {
  // logFd: stdout and stderr both go to this file descriptor (the caller reads the server's log afterwards).
  if (options.pipeStderr) return ['ignore', 'ignore', 'pipe'] as StdioOptions
  const stdio =
    options.logFd !== undefined
      ? (['ignore', options.logFd, options.logFd] as const)
      : options.quiet
        ? (['ignore', 'ignore', 'inherit'] as const)
        : 'inherit'
  return typeof stdio === 'string' ? stdio : [...stdio]
}

/**
 * `next start` as a direct child (killing an npx parent would leave next-server running), with the portal's
 * graceful shutdown on SIGTERM as in the image.
 */
export function startNext(options: ServerProcessOptions): ChildProcess {
  return spawn(
    process.execPath,
    // `next start` reads the keep-alive only from its flag; the image's server.js reads KEEP_ALIVE_TIMEOUT (IMAGE_ENV).
    [
      ...(options.nodeArgs ?? []),
      'node_modules/next/dist/bin/next',
      'start',
      '-p',
      String(options.port),
      '-H',
      options.host,
      '--keepAliveTimeout',
      IMAGE_ENV.KEEP_ALIVE_TIMEOUT,
    ],
    {
      env: { NEXT_MANUAL_SIG_HANDLE: 'true', ...options.env, NEXT_TELEMETRY_DISABLED: '1' },
      stdio: stdioOf(options),
    },
  )
}

/**
 * The container's command, `node server.js` in `.next/standalone`, with the image's environment (IMAGE_ENV) over
 * `env`. The server runs in that folder, so a relative DATA_DIR is made absolute first.
 */
export function startStandalone(options: ServerProcessOptions): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...options.env, ...IMAGE_ENV, PORT: String(options.port), HOSTNAME: options.host }
  if (env.DATA_DIR) env.DATA_DIR = resolve(env.DATA_DIR)
  return spawn(process.execPath, [...(options.nodeArgs ?? []), 'server.js'], {
    cwd: STANDALONE_DIR,
    env,
    stdio: stdioOf(options),
  })
}

export async function waitForHealthy(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000}s`)
}

/**
 * The environment of a throw-away portal with demo data for browser tests and the contract fuzz: test secrets,
 * the dev outbox on, blob storage in the given Azurite's `blob` container, PGlite unless a database URL is given.
 */
export function demoPortalEnv(options: {
  port: number
  dataDir: string
  azuriteConnectionString: string
  databaseUrl?: string
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    APP_ENV: 'test',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl ?? '',
    SEED_DEMO: 'true',
    ENABLE_DEV_OUTBOX: 'true',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://127.0.0.1:${options.port}`,
    AZURE_STORAGE_CONNECTION_STRING: options.azuriteConnectionString,
    AZURE_STORAGE_ACCOUNT: 'test',
    AZURE_STORAGE_CONTAINER: 'blob',
  }
}
