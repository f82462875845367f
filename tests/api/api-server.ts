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
}

export async function startApiServer(kind: ApiServerKind, env: NodeJS.ProcessEnv): Promise<RunningApiServer> {
  const port = await freePort()
  const serverEnv = { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` }
  let child: ChildProcess
  if (kind === 'next') {
    buildIfStale()
    child = startNext({ port, host: '127.0.0.1', env: serverEnv, quiet: true })
  } else if (kind === 'standalone') {
    buildIfStale()
    child = startStandalone({ port, host: '127.0.0.1', env: serverEnv, quiet: true })
  } else {
    child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/main.ts'], {
      env: serverEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    })
  }
  try {
    await waitForHealthy(`http://127.0.0.1:${port}/api/v1/health/ready`, child, 90_000)
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    process: child,
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

export async function stopFileApiServer() {
  const server = fileServer
  fileServer = null
  if (server) await (await server).stop()
}
