import { spawn, type ChildProcess } from 'node:child_process'
import { freePort } from '../../scripts/lib/azurite'
import { buildIfStale } from '../../scripts/lib/build'
import { startNext, startStandalone, waitForHealthy } from '../../scripts/lib/next-server'

/**
 * Where the API suite sends its requests, chosen by API_TEST_SERVER:
 * - unset (default): in process, `createApp().request(...)`, the fastest;
 * - `next`: the production build under `next start`, the server users hit (the Hono app behind
 *   pages/api/v1/[[...path]].ts);
 * - `standalone`: the container's command, `node server.js` in `.next/standalone` with the image's environment
 *   (IMAGE_ENV: graceful shutdown, no migration at start; the test databases are migrated clones);
 * - `node`: `server/main.ts`, the API on its own (`npm run api`).
 * With a real server each test file still gets its own PostgreSQL database (cloned from the template, as in process),
 * and its own server on it, started on the file's first request with the environment the file has set by then; the
 * tests seed and read that database directly. PGlite cannot be shared between two processes, hence PostgreSQL only.
 */
export type ApiServerKind = 'next' | 'standalone' | 'node'

export function apiServerKind(): ApiServerKind | null {
  const kind = process.env.API_TEST_SERVER?.trim()
  if (!kind || kind === 'in-process') return null
  if (kind === 'next' || kind === 'standalone' || kind === 'node') return kind
  throw new Error(`API_TEST_SERVER must be next, standalone, node or in-process, not "${kind}"`)
}

export interface RunningApiServer {
  /** The API base, e.g. http://127.0.0.1:41234/api/v1 */
  baseUrl: string
  /** The server process (its exit code, signals). */
  process: ChildProcess
  stop: () => Promise<void>
  /**
   * pg's warnings that a query was sent while another ran on its connection, as the server printed them. The portal
   * runs one query at a time per connection (server/db/serial-queries.ts); the file that made its server warn fails
   * (tests/api/setup-file.ts), as it does when the warning comes from the test process itself.
   */
  concurrentQueryWarnings: string[]
}

/** pg's deprecation notice for a query queued behind another on one connection (node_modules/pg/lib/client.js). */
export const CONCURRENT_QUERY_WARNING = /already executing a query/

export async function startApiServer(kind: ApiServerKind, env: NodeJS.ProcessEnv): Promise<RunningApiServer> {
  const port = await freePort()
  // No warm-up before ready: each file's server answers API calls only, and the warm-up would delay every file's start
  // (it is tested on its own in tests/api/health-warm-up.test.ts).
  const serverEnv = {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    READY_WARM_UP: env.READY_WARM_UP ?? 'false',
  }
  let child: ChildProcess
  if (kind === 'next') {
    buildIfStale()
    child = startNext({ port, host: '127.0.0.1', env: serverEnv, pipeStderr: true })
  } else if (kind === 'standalone') {
    buildIfStale()
    child = startStandalone({ port, host: '127.0.0.1', env: serverEnv, pipeStderr: true })
  } else {
    child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
      env: serverEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
  }
  const concurrentQueryWarnings: string[] = []
  child.stderr?.setEncoding('utf8')
  let tail = '' // the end of the previous chunk: a line may arrive in two
  child.stderr?.on('data', (chunk: string) => {
    process.stderr.write(chunk)
    if (CONCURRENT_QUERY_WARNING.test(tail + chunk)) concurrentQueryWarnings.push((tail + chunk).trim())
    tail = chunk.slice(-200)
  })
  try {
    await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health/ready`, child, 90_000)
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    process: child,
    concurrentQueryWarnings,
    stop: async () => {
      if (child.exitCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    },
  }
}

let fileServer: Promise<RunningApiServer> | null = null

/** The API base URL of this test file's server, started on first use. */
export function fileApiBaseUrl(kind: ApiServerKind): Promise<string> {
  fileServer ??= startApiServer(kind, process.env)
  return fileServer.then((server) => server.baseUrl)
}

/** Stops this file's server, if it started one; answers the concurrent-query warnings it printed. */
export async function stopFileApiServer(): Promise<string[]> {
  const server = fileServer
  fileServer = null
  if (!server) return []
  const running = await server
  await running.stop()
  return running.concurrentQueryWarnings
}
