import { subscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import { closeDatabase } from '@/server/db/client'
import { logger } from '@/server/logger'

/**
 * Graceful shutdown of a portal process (docs/architecture.md#shutdown): on SIGTERM or SIGINT the listener stops
 * accepting, requests in flight finish (at most `timeoutMs`, then their connections are cut), the tasks registered
 * with `onShutdown` run (scheduled jobs), the database closes last (pool or PGlite, the LISTEN connection, the
 * data-directory lock), and the process exits 0 (1 when a step failed).
 *
 * Under Next (`next start`, the standalone `server.js`) the HTTP server is Next's: it is learnt from Node's
 * `http.server.request.start` diagnostics channel, which also counts the requests in flight. A process that has not
 * served a request yet has nothing in flight, and exiting closes its listener.
 */

type ShutdownTask = () => void | Promise<void>

interface ShutdownState {
  installed: boolean
  shuttingDown: boolean
  tasks: Map<string, ShutdownTask>
  servers: Set<Server>
  inFlight: number
  idle: Set<() => void>
}

// On globalThis: Next bundles instrumentation.ts and the API route separately, each with its own copy of this module.
// Read there on every use, so a process that forgets it (the API tests, one file after another) starts afresh.
const globalForShutdown = globalThis as unknown as { __portalShutdown?: ShutdownState }
function shutdownState(): ShutdownState {
  return (globalForShutdown.__portalShutdown ??= {
    installed: false,
    shuttingDown: false,
    tasks: new Map(),
    servers: new Set(),
    inFlight: 0,
    idle: new Set(),
  })
}

/** Runs `task` at shutdown, before the database closes (one task per name; the last one registered wins). */
export function onShutdown(name: string, task: ShutdownTask): void {
  shutdownState().tasks.set(name, task)
}

export function isShuttingDown(): boolean {
  return shutdownState().shuttingDown
}

function trackRequests() {
  const state = shutdownState()
  subscribe('http.server.request.start', (message) => {
    const { response, server } = message as { request: IncomingMessage; response: ServerResponse; server: Server }
    state.servers.add(server)
    // A request reaching a draining server on a kept-alive connection is served, and its connection then closes.
    if (state.shuttingDown && !response.headersSent) response.setHeader('Connection', 'close')
    state.inFlight++
    response.once('close', () => {
      state.inFlight--
      if (state.inFlight === 0) for (const resolve of state.idle) resolve()
    })
  })
}

function requestsDone(): Promise<void> {
  const state = shutdownState()
  if (state.inFlight === 0) return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      state.idle.delete(done)
      resolve()
    }
    state.idle.add(done)
  })
}

async function drain(timeoutMs: number): Promise<void> {
  const state = shutdownState()
  const closed = [...state.servers].map(
    (server) => new Promise<void>((resolve) => server.close(() => resolve())), // stops accepting; resolves once no connection is left
  )
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), timeoutMs)))
  const late = await Promise.race([requestsDone().then(() => false), timedOut])
  clearTimeout(timer)
  if (late)
    logger.warn({ inFlight: state.inFlight, timeoutMs }, 'shutdown: requests still in flight after the timeout; cutting them')
  for (const server of state.servers) {
    if (late) server.closeAllConnections()
    else server.closeIdleConnections() // kept-alive connections, now idle
  }
  await Promise.all(closed)
}

/**
 * The shutdown itself; exported for the API-only server (server/main.ts), which owns its HTTP server. From its first
 * moment `/health/ready` answers 503 (isShuttingDown), so a load balancer polling it stops sending; with
 * `readyDelayMs` (SHUTDOWN_READY_DELAY_MS) the listener stays open and serves that long first, giving the balancer
 * the time to see it before connections are refused.
 */
export async function shutDown(options: {
  signal: string
  timeoutMs: number
  server?: Server
  readyDelayMs?: number
}): Promise<number> {
  const state = shutdownState()
  if (state.shuttingDown) return 0
  state.shuttingDown = true
  if (options.server) state.servers.add(options.server)
  logger.info(
    { signal: options.signal, inFlight: state.inFlight, timeoutMs: options.timeoutMs, readyDelayMs: options.readyDelayMs ?? 0 },
    'shutting down',
  )
  if (options.readyDelayMs) await new Promise((resolve) => setTimeout(resolve, options.readyDelayMs))
  let exitCode = 0
  await drain(options.timeoutMs)
  for (const [name, task] of state.tasks) {
    try {
      await task()
    } catch (error) {
      exitCode = 1
      logger.error({ err: error, task: name }, 'shutdown task failed')
    }
  }
  try {
    await closeDatabase()
  } catch (error) {
    exitCode = 1
    logger.error({ err: error }, 'closing the database failed')
  }
  logger.info({ exitCode }, 'shut down')
  return exitCode
}

/**
 * Installs the SIGTERM/SIGINT handlers once per process. `server`: the process's own HTTP server (server/main.ts);
 * under Next it is learnt from the first request. With `unlessHandled` (instrumentation.ts) it leaves a process whose
 * SIGTERM is already handled alone: NEXT_MANUAL_SIG_HANDLE set only in a .env file, which Next loads after installing
 * its own handler; two handlers would race.
 */
export function installGracefulShutdown(options: {
  timeoutMs: number
  readyDelayMs?: number
  server?: Server
  unlessHandled?: boolean
}): void {
  const state = shutdownState()
  if (state.installed) return
  if (options.unlessHandled && process.listenerCount('SIGTERM') > 0) {
    logger.warn('NEXT_MANUAL_SIG_HANDLE must be set in the environment, not in .env: Next handles SIGTERM itself')
    return
  }
  state.installed = true
  trackRequests()
  const handle = (signal: NodeJS.Signals) => {
    if (state.shuttingDown) return
    // Whatever hangs in the steps after the drain, the process still ends.
    setTimeout(
      () => {
        logger.error('shutdown did not finish in time; exiting')
        process.exit(1)
      },
      options.timeoutMs + (options.readyDelayMs ?? 0) + 15_000,
    ).unref()
    void shutDown({ signal, timeoutMs: options.timeoutMs, readyDelayMs: options.readyDelayMs, server: options.server }).then(
      (code) => process.exit(code),
    )
  }
  process.on('SIGTERM', handle)
  process.on('SIGINT', handle)
}
