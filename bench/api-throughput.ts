import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { PROJECT_ROOT } from './paths'

/**
 * Throughput of an authenticated route against a bare one, on the same server in the same run.
 * The server is `bench/api-server.ts` in a child process, so autocannon (here) and the API do not share an event loop.
 */

export interface ApiBenchOptions {
  /** Seconds of measurement per route. */
  durationSeconds: number
  connections: number
  /** Seconds of load per route before measuring (JIT, caches, pools), results discarded. */
  warmupSeconds: number
}

export interface RouteThroughput {
  name: string
  path: string
  /** autocannon's mean of its per-second samples (what its CLI prints as Req/Sec Avg). */
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  latencyAverageMs: number
  totalRequests: number
  /** Seconds autocannon actually ran. */
  durationSeconds: number
  non2xx: number
  errors: number
  timeouts: number
  statusCodes: Record<string, number>
}

export interface ApiBenchReport {
  options: ApiBenchOptions
  bare: RouteThroughput
  authenticated: RouteThroughput
  /** authenticated req/s ÷ bare req/s. */
  ratio: number
}

const BARE = { name: 'bare', path: '/api/v1/health' }
const AUTHENTICATED = { name: 'authenticated', path: '/api/v1/audits/resources' }

const READY_TIMEOUT_MS = 120_000
const STOP_TIMEOUT_MS = 10_000

interface RunningServer {
  port: number
  token: string
  stop: () => Promise<void>
}

interface ReadyLine {
  ready: true
  port: number
  token: string
  dataDir: string
}

function isReadyLine(value: unknown): value is ReadyLine {
  const v = value as Partial<ReadyLine> | null
  return typeof v === 'object' && v !== null && v.ready === true && typeof v.port === 'number' && typeof v.token === 'string'
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Starts `bench/api-server.ts` (node itself, no npx/shell in between, so its pid is the whole tree). */
async function startServer(): Promise<RunningServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/api-server.ts'], {
    cwd: PROJECT_ROOT,
    // stdin stays open as a lifeline: the server stops when it closes, i.e. when this process dies.
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const killIfRunning = () => child.kill('SIGKILL')
  process.once('exit', killIfRunning)
  let dataDir: string | undefined

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited(child)
      clearTimeout(timer)
    }
    process.off('exit', killIfRunning)
    // The server deletes its own data dir; this covers a server that had to be killed.
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    const ready = await new Promise<ReadyLine>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`bench/api-server.ts not ready after ${READY_TIMEOUT_MS / 1000} s`)),
        READY_TIMEOUT_MS,
      )
      child.once('error', reject)
      child.once('exit', (code, signal) =>
        reject(new Error(`bench/api-server.ts exited before ready (code ${code}, signal ${signal})`)),
      )
      createInterface({ input: child.stdout! }).on('line', (line) => {
        let parsed: unknown
        try {
          parsed = JSON.parse(line)
        } catch {
          parsed = undefined
        }
        if (isReadyLine(parsed)) {
          clearTimeout(timer)
          resolve(parsed)
        } else {
          process.stderr.write(`[api-server] ${line}\n`)
        }
      })
    })
    dataDir = ready.dataDir
    return { port: ready.port, token: ready.token, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

async function load(url: string, headers: Record<string, string>, connections: number, durationSeconds: number) {
  return autocannon({ url, headers, connections, duration: durationSeconds, timeout: 10 })
}

function summarise(route: { name: string; path: string }, result: autocannon.Result): RouteThroughput {
  return {
    ...route,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyAverageMs: result.latency.average,
    totalRequests: result.requests.total,
    durationSeconds: result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, { count }]) => [code, count])),
  }
}

/** Fails loudly if any request of the run did not answer 2xx: a 401/403/500 run measures nothing useful. */
function assertAllOk(route: { name: string; path: string }, result: autocannon.Result, phase: string) {
  if (result.non2xx === 0 && result.errors === 0 && result.timeouts === 0 && result['2xx'] > 0) return
  throw new Error(
    `${phase} of ${route.name} route ${route.path}: ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ` +
      `${result.timeouts} timeouts; status codes ${JSON.stringify(result.statusCodeStats)}`,
  )
}

export async function runApiBench(options: ApiBenchOptions, log: (line: string) => void = console.log): Promise<ApiBenchReport> {
  log('Starting bench/api-server.ts (throwaway PGlite, demo seed)…')
  const server = await startServer()
  try {
    const base = `http://127.0.0.1:${server.port}`
    const routes = [
      { ...BARE, headers: {} as Record<string, string> },
      { ...AUTHENTICATED, headers: { authorization: `Bearer ${server.token}` } },
    ]

    for (const route of routes) {
      const response = await fetch(base + route.path, { headers: route.headers })
      const body = await response.text()
      if (response.status !== 200) throw new Error(`${route.name} route ${route.path} answered ${response.status}: ${body}`)
      log(`  ${route.path} → 200 ${body.slice(0, 80)}`)
    }

    if (options.warmupSeconds > 0) {
      log(`Warming up: ${options.warmupSeconds} s per route…`)
      for (const route of routes) {
        assertAllOk(route, await load(base + route.path, route.headers, options.connections, options.warmupSeconds), 'Warm-up')
      }
    }

    const results: RouteThroughput[] = []
    for (const route of routes) {
      log(`Measuring ${route.name} ${route.path}: ${options.durationSeconds} s, ${options.connections} connections…`)
      const result = await load(base + route.path, route.headers, options.connections, options.durationSeconds)
      assertAllOk(route, result, 'Measurement')
      results.push(summarise(route, result))
    }
    const [bare, authenticated] = results as [RouteThroughput, RouteThroughput]
    return { options, bare, authenticated, ratio: authenticated.requestsPerSecond / bare.requestsPerSecond }
  } finally {
    await server.stop()
  }
}

export function formatApiReport(report: ApiBenchReport): string {
  const header = ['Route', 'Path', 'req/s', 'p50 ms', 'p99 ms', 'requests']
  const rows = [report.bare, report.authenticated].map((r) => [
    r.name,
    r.path,
    r.requestsPerSecond.toFixed(0),
    r.latencyP50Ms.toFixed(1),
    r.latencyP99Ms.toFixed(1),
    String(r.totalRequests),
  ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  const { durationSeconds, connections, warmupSeconds } = report.options
  return [
    `API throughput (autocannon, ${connections} connections, ${durationSeconds} s per route after ${warmupSeconds} s warm-up; all responses 2xx)`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
    `Ratio authenticated/bare: ${report.ratio.toFixed(3)} (the bare route serves ${(1 / report.ratio).toFixed(1)}× as many requests)`,
  ].join('\n')
}
