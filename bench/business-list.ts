import { spawn, type ChildProcess } from 'node:child_process'
import { rmSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import pg from 'pg'
import { PROJECT_ROOT } from './paths'

/**
 * The staff business list with a name search and two filters, on a generated table, on PGlite and on PostgreSQL:
 *
 *   GET /api/v1/businesses?businessName=<fragment>&approvalStatus=APPROVED&kycDetailsCompleted=true&pageSize=20
 *
 * Per backend: `bench/business-list-server.ts` in a child process (throwaway database, N generated businesses,
 * super admin token); a sequential warm-up; `requests` sequential requests (latency of one call on an idle server);
 * `requests` sequential requests over the one- and two-character fragments (`SHORT_FRAGMENTS`, reported apart, per
 * group); `durationSeconds` of autocannon with `connections` connections (throughput); the fragment changes with every
 * request. Then, on the server: EXPLAIN (ANALYZE, BUFFERS) of the SQL findBusinesses() sends, for the fragment with
 * the median and the one with the most matches, and each statement (page, count) timed alone for every fragment.
 *
 * With `path: 'queue'` the same phases measure the staff review queue instead (server/modules/reviews/find-for-approval.ts):
 *
 *   GET /api/v1/businesses/for-approval?businessName=<fragment>&pageSize=20     (the fragment phases above)
 *   GET /api/v1/businesses/for-approval?pageSize=20                             (no fragment: sequential, autocannon, plan)
 *
 * on the same generated businesses plus the audit rows the queue reads its "waiting since" from.
 *
 * PostgreSQL: a database `kyc_bench_<timestamp>` is created through `postgresAdminUrl` and dropped at the end; the
 * backend is skipped, with the reason, when that server does not answer.
 */

export type ListBackend = 'pglite' | 'postgres'
export const LIST_BACKENDS: readonly ListBackend[] = ['pglite', 'postgres']

/** `list`: GET /businesses with a name search and two filters; `queue`: GET /businesses/for-approval. */
export type ListPath = 'list' | 'queue'
export const LIST_PATHS: readonly ListPath[] = ['list', 'queue']

export interface ListBenchOptions {
  path: ListPath
  rows: number
  /** Sequential measured requests per backend (after the warm-up). */
  requests: number
  /** Sequential requests before measuring, results discarded. */
  warmupRequests: number
  /** Times each statement is run alone per fragment at the end (0: skipped, e.g. at 1M rows where one takes seconds). */
  profileIterations: number
  /** autocannon phase: connections and seconds (0 seconds: skipped). */
  connections: number
  durationSeconds: number
  backends: ListBackend[]
  postgresAdminUrl: string
  /**
   * PostgreSQL: this database instead of a throwaway one, kept afterwards; its businesses are topped up to `rows`
   * (none generated when it holds that many already), so one large generation serves several runs.
   */
  databaseUrl?: string
}

export const DEFAULT_POSTGRES_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** 3–5 letter fragments of the generated names: common given names and sector words, and rarer ones. */
export const NAME_FRAGMENTS = [
  'ade',
  'chi',
  'emek',
  'olu',
  'bayo',
  'nna',
  'kel',
  'ife',
  'tun',
  'segun',
  'ngo',
  'zain',
  'musa',
  'yusu',
  'bash',
  'foods',
  'agro',
  'oil',
  'tech',
  'logi',
  'farm',
  'pharm',
  'hotel',
  'prop',
  'media',
  'cons',
  'vent',
  'ltd',
  'plc',
  'eko',
  'lekki',
  'kano',
  'warri',
  'jos',
  'calab',
  'gold',
  'roya',
  'unity',
  'iroko',
  'jollo',
] as const

/**
 * One- and two-character fragments (issue 36, goal 4: no search scans), measured apart from the others. Their share of
 * the 1M generated names (bench/generate-businesses.ts, seed 1): common, in a tenth of the names or more; uncommon,
 * 0.1–10%; rare, a few names or none (`q`, `#`, `qx`, `zy` match no generated name). The query string is trimmed, so a
 * fragment cannot start or end with a space.
 */
export const SHORT_FRAGMENTS = {
  common: ['a', 'e', 'n', 'o', 'er', 'ad', 'ka', 'lt', '&'],
  uncommon: ['z', 'j', 'x', '-', '.', 'g.', '/g', 'ph', 'kk', 'xp', 'oi'],
  rare: ['q', '#', 'wh', 'nz', 'qx', 'zy'],
} as const
export type ShortFragmentGroup = keyof typeof SHORT_FRAGMENTS
const ALL_SHORT_FRAGMENTS: string[] = Object.values(SHORT_FRAGMENTS).flat()

/** `BENCH_LIST_RISK_TIER=HIGH`: the list also filtered by that risk tier (the server spreads tiers over the rows). */
const riskTierFilter = process.env.BENCH_LIST_RISK_TIER ? `&riskTier=${process.env.BENCH_LIST_RISK_TIER}` : ''
export const listPath = (fragment: string, pageSize = 20) =>
  `/api/v1/businesses?businessName=${encodeURIComponent(fragment)}&approvalStatus=APPROVED&kycDetailsCompleted=true${riskTierFilter}&pageSize=${pageSize}`
/** The review queue; without a fragment, the whole queue. */
export const queuePath = (fragment: string, pageSize = 20) =>
  `/api/v1/businesses/for-approval?${fragment ? `businessName=${encodeURIComponent(fragment)}&` : ''}pageSize=${pageSize}`
const pathFor = (path: ListPath) => (path === 'queue' ? queuePath : listPath)
const queryStringOf = (path: ListPath, fragment: string) => pathFor(path)(fragment).split('?')[1]!

/** "page" (the first statement), "count", else the table the statement reads first: "statement 3 (audits)". */
export function statementKind(sql: string, index: number): string {
  if (/^select count\(/i.test(sql)) return 'count'
  if (index === 0) return 'page'
  const table = /\bfrom "?(\w+)"?/i.exec(sql)?.[1]
  return table ? `statement ${index + 1} (${table})` : `statement ${index + 1}`
}

export interface LatencySummary {
  requests: number
  seconds: number
  requestsPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  meanMs: number
  maxMs: number
}

export interface GenerationInfo {
  requested: number
  inserted: number
  skipped: number
  batches: number
  batchSize: number
  buildMs: number
  totalMs: number
  rowsPerSecond: number
  openAndSeedMs: number
  vacuumAnalyzeMs: number
  tableRows: number
  tableBytes: number
  /** path 'queue': audit rows generated for the queue's "waiting since". */
  auditRows?: number
}

export interface PlanReport {
  fragment: string
  totalElements: number
  statements: { kind: string; sql: string; params: unknown[]; plan: string[]; executionMs?: number; accessPaths: string[] }[]
}

export interface BackendListReport {
  backend: ListBackend
  skipped?: string
  database?: string
  /** Child start until ready: open, migrate, seed, generate, VACUUM ANALYZE. */
  readyMs?: number
  generation?: GenerationInfo
  sequential?: LatencySummary
  concurrent?: LatencySummary & { connections: number }
  /** totalElements per fragment (APPROVED, KYC complete, ACTIVE, name contains the fragment). */
  matches?: Record<string, number>
  plans?: PlanReport[]
  /** Each statement of findBusinesses() alone, over every fragment. */
  statementTimes?: { kind: string; runs: number; p50Ms: number; meanMs: number; p95Ms: number }[]
  /** Median ms of each statement per fragment. */
  statementTimesByFragment?: Record<string, Record<string, number>>
  /** The one- and two-character fragments (`SHORT_FRAGMENTS`) in turn, sequential: all, per group, per fragment. */
  short?: {
    all: LatencySummary
    groups: Record<ShortFragmentGroup, LatencySummary>
    medianMsByFragment: Record<string, number>
    matches: Record<string, number>
  }
  /** The same route with `regNo=` (unique index, no match) instead of the name search: auth, validation, HTTP. */
  floor?: LatencySummary
  /** path 'queue': the queue without a name fragment (every request the same first page). */
  unfiltered?: { sequential: LatencySummary; concurrent?: LatencySummary & { connections: number }; totalElements: number }
  /** os.loadavg()[0] before and after this backend's run: other work on the machine skews every figure. */
  loadAverage?: [number, number]
}

export interface ListBenchReport {
  options: Omit<ListBenchOptions, 'postgresAdminUrl'>
  cpus: number
  backends: BackendListReport[]
}

// ---------------------------------------------------------------------------------------------------------

const READY_TIMEOUT_MS = 10 * 60_000
const STOP_TIMEOUT_MS = 10_000

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

function summarise(latencies: number[], seconds: number): LatencySummary {
  const sorted = [...latencies].sort((a, b) => a - b)
  return {
    requests: sorted.length,
    seconds,
    requestsPerSecond: sorted.length / seconds,
    p50Ms: percentile(sorted, 50),
    p95Ms: percentile(sorted, 95),
    p99Ms: percentile(sorted, 99),
    meanMs: sorted.reduce((a, b) => a + b, 0) / sorted.length,
    maxMs: sorted[sorted.length - 1] ?? Number.NaN,
  }
}

interface ReadyLine {
  ready: true
  port: number
  token: string
  dataDir: string
  generation: GenerationInfo
}

interface ListServer {
  port: number
  token: string
  generation: GenerationInfo
  readyMs: number
  command: <T>(cmd: Record<string, unknown>) => Promise<T>
  stop: () => Promise<void>
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function startListServer(path: ListPath, rows: number, databaseUrl?: string, topUp = false): Promise<ListServer> {
  const args = ['--import', 'tsx', 'bench/business-list-server.ts', `--rows=${rows}`, `--path=${path}`]
  if (databaseUrl) args.push(`--database-url=${databaseUrl}`)
  if (topUp) args.push('--top-up')
  const started = performance.now()
  // stdin: commands, and the lifeline (the server stops when it closes, i.e. when this process dies).
  const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: ['pipe', 'pipe', 'inherit'] })
  const killIfRunning = () => child.kill('SIGKILL')
  process.once('exit', killIfRunning)
  let dataDir: string | undefined
  let nextId = 1
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.stdin?.end()
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
      await exited(child)
      clearTimeout(timer)
    }
    process.off('exit', killIfRunning)
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }

  try {
    const ready = await new Promise<ReadyLine>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`business-list-server not ready after ${READY_TIMEOUT_MS / 1000} s`)),
        READY_TIMEOUT_MS,
      )
      child.once('error', reject)
      child.once('exit', (code, signal) => {
        const error = new Error(`business-list-server exited (code ${code}, signal ${signal})`)
        reject(error)
        for (const p of pending.values()) p.reject(error)
      })
      createInterface({ input: child.stdout! }).on('line', (line) => {
        let parsed: ({ reply?: number; error?: string } & Partial<ReadyLine>) | undefined
        try {
          parsed = JSON.parse(line) as typeof parsed
        } catch {
          parsed = undefined
        }
        if (parsed?.ready === true) {
          clearTimeout(timer)
          resolve(parsed as ReadyLine)
        } else if (parsed && typeof parsed.reply === 'number' && pending.has(parsed.reply)) {
          const waiter = pending.get(parsed.reply)!
          pending.delete(parsed.reply)
          if (parsed.error) waiter.reject(new Error(parsed.error))
          else waiter.resolve(parsed)
        } else {
          process.stderr.write(`[business-list-server] ${line}\n`)
        }
      })
    })
    dataDir = ready.dataDir
    const command = <T>(cmd: Record<string, unknown>) =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
        child.stdin!.write(`${JSON.stringify({ ...cmd, id })}\n`)
      })
    return {
      port: ready.port,
      token: ready.token,
      generation: ready.generation,
      readyMs: performance.now() - started,
      command,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL: a throwaway database

async function postgresReachable(adminUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 })
  try {
    await client.connect()
    await client.query('select 1')
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error)
  } finally {
    await client.end().catch(() => undefined)
  }
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

async function dropDatabase(adminUrl: string, name: string) {
  try {
    await adminQuery(adminUrl, `drop database if exists "${name}" with (force)`)
  } catch {
    await adminQuery(adminUrl, `drop database if exists "${name}"`) // PostgreSQL < 13
  }
}

// ---------------------------------------------------------------------------------------------------------
// Load

/** The floor of the route: a registration number lookup (unique index, no row) instead of the name search. */
const FLOOR_PATH = '/api/v1/businesses?regNo=RC1&pageSize=20'

async function listCall(
  base: string,
  token: string,
  fragment: string,
  path = listPath(fragment),
): Promise<{ ms: number; totalElements: number }> {
  const started = performance.now()
  const response = await fetch(base + path, { headers: { authorization: `Bearer ${token}` } })
  const body = await response.text()
  const ms = performance.now() - started
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${body.slice(0, 300)}`)
  const page = JSON.parse(body) as { totalElements: number; content: unknown[] }
  return { ms, totalElements: page.totalElements }
}

/** `count` names of businesses on the list (or queue) without a name search, spread over its pages, lower-cased. */
async function sampleNames(base: string, token: string, path: ListPath, count: number): Promise<string[]> {
  const pagePath =
    path === 'queue'
      ? `/api/v1/businesses/for-approval?pageSize=100&pageNumber=3`
      : `/api/v1/businesses?approvalStatus=APPROVED&kycDetailsCompleted=true&pageSize=100&pageNumber=7`
  const response = await fetch(base + pagePath, { headers: { authorization: `Bearer ${token}` } })
  if (response.status !== 200) throw new Error(`GET ${pagePath} answered ${response.status}`)
  const { content } = (await response.json()) as { content: { name: string }[] }
  const step = Math.max(1, Math.floor(content.length / count))
  return content
    .filter((_, i) => i % step === 0)
    .slice(0, count)
    .map((b) => b.name.toLowerCase())
}

/** `fragments` in turn, each request to `pathOf(fragment)`. */
interface Load {
  pathOf: (fragment: string) => string
  fragments: readonly string[]
}

async function sequential(base: string, token: string, count: number, offset: number, load: Load) {
  const latencies: number[] = []
  const matches: Record<string, number> = {}
  const started = performance.now()
  for (let i = 0; i < count; i++) {
    const fragment = load.fragments[(offset + i) % load.fragments.length]!
    const { ms, totalElements } = await listCall(base, token, fragment, load.pathOf(fragment))
    latencies.push(ms)
    matches[fragment] = totalElements
  }
  return { latencies, matches, seconds: (performance.now() - started) / 1000 }
}

async function concurrent(base: string, token: string, connections: number, durationSeconds: number, load: Load) {
  let next = 0
  const latencies: number[] = []
  const instance = autocannon({
    url: base + load.pathOf(load.fragments[0]!),
    connections,
    duration: durationSeconds,
    timeout: 30,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: load.pathOf(load.fragments[next++ % load.fragments.length]!) }),
      },
    ],
  })
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    if (statusCode === 200) latencies.push(responseTimeMs)
  })
  const result = await instance
  if (result.non2xx || result.errors || result.timeouts || !result['2xx']) {
    throw new Error(
      `autocannon: ${result['2xx']} 2xx, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ${JSON.stringify(result.statusCodeStats)}`,
    )
  }
  return { ...summarise(latencies, result.duration), connections }
}

/** "Bitmap Index Scan on businesses_name_trgm_idx", "Seq Scan on businesses", … in plan order, without repeats. */
export function accessPaths(plan: string[]): string[] {
  const found: string[] = []
  for (const line of plan) {
    const match =
      /((?:Parallel )?(?:Bitmap Index Scan on|Index Only Scan(?: Backward)? using|Index Scan(?: Backward)? using|Seq Scan on) \S+)/.exec(
        line,
      )
    if (match && !found.includes(match[1]!)) found.push(match[1]!)
  }
  return found
}

const executionMsOf = (plan: string[]) => {
  const line = plan.find((l) => /^Execution Time:/.test(l.trim()))
  return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : undefined
}

async function benchBackend(
  backend: ListBackend,
  options: ListBenchOptions,
  log: (line: string) => void,
): Promise<BackendListReport> {
  let database: string | undefined
  let databaseUrl: string | undefined
  if (backend === 'postgres') {
    const unreachable = await postgresReachable(options.postgresAdminUrl)
    if (unreachable) {
      const reason = `PostgreSQL at ${new URL(options.postgresAdminUrl).host} is unreachable (${unreachable}); skipped. Set BENCH_POSTGRES_URL to an admin URL.`
      log(reason)
      return { backend, skipped: reason }
    }
    if (options.databaseUrl) {
      databaseUrl = options.databaseUrl
      log(`Using database ${new URL(databaseUrl).pathname.slice(1)} (kept).`)
    } else {
      database = `kyc_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 17)}`
      await adminQuery(options.postgresAdminUrl, `create database "${database}"`)
      const url = new URL(options.postgresAdminUrl)
      url.pathname = `/${database}`
      databaseUrl = url.toString()
      log(`Created database ${database}.`)
    }
  }

  const onSignal = () => {
    // Ctrl-C while a PostgreSQL run is under way: still drop the throwaway database.
    const done = () => process.exit(130)
    if (database) dropDatabase(options.postgresAdminUrl, database).then(done, done)
    else done()
  }
  process.once('SIGINT', onSignal)
  const loadBefore = loadavg()[0]!
  try {
    log(`[${backend}] starting the server and generating ${options.rows.toLocaleString('en')} businesses…`)
    const server = await startListServer(options.path, options.rows, databaseUrl, Boolean(databaseUrl && !database))
    try {
      const g = server.generation
      log(
        `[${backend}] ready after ${(server.readyMs / 1000).toFixed(1)} s: inserted ${g.inserted.toLocaleString('en')} in ${(g.totalMs / 1000).toFixed(1)} s ` +
          `(${g.rowsPerSecond.toFixed(0)} rows/s), VACUUM ANALYZE ${(g.vacuumAnalyzeMs / 1000).toFixed(1)} s`,
      )
      const base = `http://127.0.0.1:${server.port}`
      // The common fragments, and as many whole names of businesses the list holds: a search for one business (a
      // handful of matches) takes another plan than a common fragment (thousands).
      const wholeNames = await sampleNames(base, server.token, options.path, NAME_FRAGMENTS.length / 4)
      const load: Load = { pathOf: pathFor(options.path), fragments: [...NAME_FRAGMENTS, ...wholeNames] }
      const first = await listCall(base, server.token, NAME_FRAGMENTS[0], load.pathOf(NAME_FRAGMENTS[0]))
      log(`[${backend}] ${load.pathOf(NAME_FRAGMENTS[0])} → 200, totalElements ${first.totalElements}`)

      log(`[${backend}] warm-up: ${options.warmupRequests} sequential requests…`)
      await sequential(base, server.token, options.warmupRequests, 0, load)
      log(`[${backend}] measuring: ${options.requests} sequential requests…`)
      const seq = await sequential(base, server.token, options.requests, options.warmupRequests, load)
      log(`[${backend}] measuring the one- and two-character fragments: ${options.requests} sequential requests…`)
      let shortReport: BackendListReport['short']
      {
        const shortLoad: Load = { pathOf: load.pathOf, fragments: ALL_SHORT_FRAGMENTS }
        await sequential(base, server.token, ALL_SHORT_FRAGMENTS.length, 0, shortLoad)
        const byFragment = new Map<string, number[]>()
        const started = performance.now()
        const matches: Record<string, number> = {}
        for (let i = 0; i < options.requests; i++) {
          const fragment = ALL_SHORT_FRAGMENTS[i % ALL_SHORT_FRAGMENTS.length]!
          const call = await listCall(base, server.token, fragment, shortLoad.pathOf(fragment))
          byFragment.set(fragment, [...(byFragment.get(fragment) ?? []), call.ms])
          matches[fragment] = call.totalElements
        }
        const seconds = (performance.now() - started) / 1000
        const groupOf = (group: ShortFragmentGroup) => SHORT_FRAGMENTS[group].flatMap((f) => byFragment.get(f) ?? [])
        shortReport = {
          all: summarise([...byFragment.values()].flat(), seconds),
          groups: {
            common: summarise(groupOf('common'), seconds),
            uncommon: summarise(groupOf('uncommon'), seconds),
            rare: summarise(groupOf('rare'), seconds),
          },
          medianMsByFragment: Object.fromEntries([...byFragment].map(([f, ms]) => [f, summarise(ms, 1).p50Ms])),
          matches,
        }
      }
      const floorCount = Math.min(100, options.requests)
      log(`[${backend}] measuring the floor: ${floorCount} sequential requests to ${FLOOR_PATH}…`)
      const floorLatencies: number[] = []
      const floorStarted = performance.now()
      for (let i = 0; i < floorCount; i++) floorLatencies.push((await listCall(base, server.token, '', FLOOR_PATH)).ms)
      const report: BackendListReport = {
        backend,
        database: database ?? (databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined),
        readyMs: server.readyMs,
        generation: g,
        sequential: summarise(seq.latencies, seq.seconds),
        floor: summarise(floorLatencies, (performance.now() - floorStarted) / 1000),
        matches: seq.matches,
        short: shortReport,
      }
      if (options.durationSeconds > 0) {
        log(`[${backend}] measuring: autocannon ${options.durationSeconds} s, ${options.connections} connections…`)
        report.concurrent = await concurrent(base, server.token, options.connections, options.durationSeconds, load)
      }
      if (options.path === 'queue') {
        const whole: Load = { pathOf: queuePath, fragments: [''] }
        log(`[${backend}] measuring the queue without a fragment: ${options.requests} sequential requests to ${queuePath('')}…`)
        await sequential(base, server.token, Math.min(options.warmupRequests, 20), 0, whole)
        const unfiltered = await sequential(base, server.token, options.requests, 0, whole)
        report.unfiltered = {
          sequential: summarise(unfiltered.latencies, unfiltered.seconds),
          totalElements: unfiltered.matches[''] ?? 0,
        }
        if (options.durationSeconds > 0) {
          log(
            `[${backend}] measuring the queue without a fragment: autocannon ${options.durationSeconds} s, ${options.connections} connections…`,
          )
          report.unfiltered.concurrent = await concurrent(base, server.token, options.connections, options.durationSeconds, whole)
        }
      }

      // Plans: the fragment with the median number of matches (representative) and the one with the most.
      const byMatches = Object.entries(seq.matches).sort((a, b) => a[1] - b[1])
      const median = byMatches[Math.floor(byMatches.length / 2)]!
      const most = byMatches[byMatches.length - 1]!
      report.plans = []
      const planned = most[0] === median[0] ? [median] : [median, most]
      if (report.unfiltered) planned.push(['', report.unfiltered.totalElements])
      for (const [fragment, totalElements] of planned) {
        const { statements } = await server.command<{ statements: { sql: string; params: unknown[]; plan: string[] }[] }>({
          cmd: 'explain',
          query: queryStringOf(options.path, fragment),
        })
        report.plans.push({
          fragment,
          totalElements,
          statements: statements.map((s, i) => ({
            ...s,
            kind: statementKind(s.sql, i),
            executionMs: executionMsOf(s.plan),
            accessPaths: accessPaths(s.plan),
          })),
        })
      }
      if (options.profileIterations > 0) {
        log(`[${backend}] timing the page and count statements alone, every fragment…`)
        const { queries } = await server.command<{ queries: { query: string; ms: Record<string, number[]> }[] }>({
          cmd: 'profile',
          queries: NAME_FRAGMENTS.map((f) => queryStringOf(options.path, f)),
          iterations: options.profileIterations,
        })
        const all = new Map<string, number[]>()
        report.statementTimesByFragment = {}
        for (const [i, q] of queries.entries()) {
          const perKind: Record<string, number> = {}
          for (const [kind, ms] of Object.entries(q.ms)) {
            all.set(kind, [...(all.get(kind) ?? []), ...ms])
            perKind[kind] = summarise(ms, 1).p50Ms
          }
          report.statementTimesByFragment[NAME_FRAGMENTS[i]!] = perKind
        }
        report.statementTimes = [...all].map(([kind, ms]) => {
          const s = summarise(ms, 1)
          return { kind, runs: ms.length, p50Ms: s.p50Ms, meanMs: s.meanMs, p95Ms: s.p95Ms }
        })
      }
      report.loadAverage = [loadBefore, loadavg()[0]!]
      return report
    } finally {
      await server.stop()
    }
  } finally {
    process.off('SIGINT', onSignal)
    if (database) {
      await dropDatabase(options.postgresAdminUrl, database).then(
        () => log(`Dropped database ${database}.`),
        (error: unknown) => log(`Could not drop database ${database}: ${error instanceof Error ? error.message : error}`),
      )
    }
  }
}

export async function runListBench(
  options: ListBenchOptions,
  log: (line: string) => void = console.log,
): Promise<ListBenchReport> {
  const backends: BackendListReport[] = []
  for (const backend of options.backends) backends.push(await benchBackend(backend, options, log))
  const { postgresAdminUrl: _omitted, ...shown } = options
  return { options: shown, cpus: availableParallelism(), backends }
}

// ---------------------------------------------------------------------------------------------------------
// Report

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1))

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

export function formatListReport(report: ListBenchReport): string {
  const o = report.options
  const out: string[] = [
    o.path === 'queue'
      ? `Review queue: GET ${queuePath('<fragment>')}, and GET ${queuePath('')}`
      : `Business list: GET ${listPath('<fragment>')}`,
    `${o.rows.toLocaleString('en')} generated businesses; ${NAME_FRAGMENTS.length} fragments and ${NAME_FRAGMENTS.length / 4} whole names in turn; ${o.warmupRequests} warm-up + ${o.requests} sequential requests; ` +
      (o.durationSeconds > 0 ? `autocannon ${o.durationSeconds} s × ${o.connections} connections.` : 'no concurrent phase.'),
    '',
  ]
  const ran = report.backends.filter((b) => !b.skipped)
  for (const b of report.backends.filter((x) => x.skipped)) out.push(`${b.backend}: ${b.skipped}`, '')

  if (ran.length) {
    out.push('Data generation')
    out.push(
      table(
        ['Backend', 'rows inserted', 'insert s', 'rows/s', 'VACUUM ANALYZE s', 'table+indexes MB', 'server ready s'],
        ran.map((b) => {
          const g = b.generation!
          return [
            b.backend,
            g.inserted.toLocaleString('en'),
            (g.totalMs / 1000).toFixed(1),
            g.rowsPerSecond.toFixed(0),
            (g.vacuumAnalyzeMs / 1000).toFixed(1),
            (g.tableBytes / 1048576).toFixed(0),
            ((b.readyMs ?? 0) / 1000).toFixed(1),
          ]
        }),
      ),
      '',
      'Latency (ms, client side, whole HTTP call)',
    )
    const latencyRows: string[][] = []
    for (const b of ran) {
      for (const [phase, s] of [
        ['sequential', b.sequential],
        [`${b.concurrent?.connections ?? ''} connections`, b.concurrent],
      ] as const) {
        if (!s) continue
        latencyRows.push([
          b.backend,
          phase,
          String(s.requests),
          s.requestsPerSecond.toFixed(1),
          ms(s.p50Ms),
          ms(s.p95Ms),
          ms(s.p99Ms),
          ms(s.meanMs),
          ms(s.maxMs),
        ])
      }
      const u = b.unfiltered
      for (const [phase, s] of [
        ['no fragment, sequential', u?.sequential],
        [`no fragment, ${u?.concurrent?.connections ?? ''} connections`, u?.concurrent],
      ] as const) {
        if (!s) continue
        latencyRows.push([
          b.backend,
          phase,
          String(s.requests),
          s.requestsPerSecond.toFixed(1),
          ms(s.p50Ms),
          ms(s.p95Ms),
          ms(s.p99Ms),
          ms(s.meanMs),
          ms(s.maxMs),
        ])
      }
      const sh = b.short
      if (sh) {
        for (const [phase, s] of [
          ['1–2 chars, all', sh.all],
          ['1–2 chars, common', sh.groups.common],
          ['1–2 chars, uncommon', sh.groups.uncommon],
          ['1–2 chars, rare or none', sh.groups.rare],
        ] as const)
          latencyRows.push([
            b.backend,
            phase,
            String(s.requests),
            s.requestsPerSecond.toFixed(1),
            ms(s.p50Ms),
            ms(s.p95Ms),
            ms(s.p99Ms),
            ms(s.meanMs),
            ms(s.maxMs),
          ])
      }
      const f = b.floor
      if (f)
        latencyRows.push([
          b.backend,
          'floor (regNo=)',
          String(f.requests),
          f.requestsPerSecond.toFixed(1),
          ms(f.p50Ms),
          ms(f.p95Ms),
          ms(f.p99Ms),
          ms(f.meanMs),
          ms(f.maxMs),
        ])
    }
    out.push(table(['Backend', 'phase', 'requests', 'req/s', 'p50', 'p95', 'p99', 'mean', 'max'], latencyRows), '')

    out.push(
      `Statements of ${o.path === 'queue' ? 'findForApproval()' : 'findBusinesses()'} run alone (ms, in the server process, every fragment × 3)`,
    )
    out.push(
      table(
        ['Backend', 'statement', 'runs', 'p50', 'p95', 'mean'],
        ran.flatMap((b) =>
          (b.statementTimes ?? []).map((s) => [b.backend, s.kind, String(s.runs), ms(s.p50Ms), ms(s.p95Ms), ms(s.meanMs)]),
        ),
      ),
    )
    for (const b of ran) {
      const byFragment = Object.entries(b.statementTimesByFragment ?? {})
      for (const kind of ['page', 'count']) {
        const slowest = byFragment
          .filter(([, t]) => t[kind] !== undefined)
          .sort((x, y) => y[1][kind]! - x[1][kind]!)
          .slice(0, 6)
          .map(([fragment, t]) => `${fragment} ${ms(t[kind])} (${b.matches?.[fragment] ?? '?'} matches)`)
        if (slowest.length) out.push(`Slowest ${kind} statements on ${b.backend}, median ms: ${slowest.join(', ')}`)
      }
    }
    out.push('')
    const load = ran
      .filter((b) => b.loadAverage)
      .map((b) => `${b.backend} ${b.loadAverage![0].toFixed(1)} → ${b.loadAverage![1].toFixed(1)}`)
    if (load.length) {
      const busy = ran.some((b) => Math.max(...b.loadAverage!) > report.cpus)
      out.push(
        `1-minute load average (${report.cpus} CPUs): ${load.join(', ')}${busy ? ' (busy machine: figures are inflated and noisy)' : ''}`,
        '',
      )
    }

    for (const b of ran.filter((x) => x.short)) {
      const sh = b.short!
      out.push(
        `One- and two-character fragments on ${b.backend}, median ms (totalElements): ` +
          Object.entries(sh.medianMsByFragment)
            .map(([f, v]) => `${JSON.stringify(f)} ${ms(v)} (${sh.matches[f]})`)
            .join(', '),
        '',
      )
    }
    const counts = Object.entries(ran[0]!.matches ?? {}).sort((a, b) => b[1] - a[1])
    if (counts.length) {
      out.push(`Matches per fragment (totalElements): ${counts.map(([f, n]) => `${f} ${n}`).join(', ')}`, '')
    }

    for (const b of ran) {
      for (const p of b.plans ?? []) {
        out.push(
          `EXPLAIN (ANALYZE, BUFFERS) on ${b.backend}, ${p.fragment ? `businessName=${p.fragment}` : 'no fragment'} (${p.totalElements} matches)`,
        )
        for (const s of p.statements) {
          out.push(`  ${s.kind}: ${s.accessPaths.join(' → ') || '(no scan found)'}; execution ${ms(s.executionMs)} ms`)
          out.push(`  SQL: ${s.sql}`)
          out.push(`  params: ${JSON.stringify(s.params)}`)
          out.push(...s.plan.map((l) => `    ${l}`))
        }
        out.push('')
      }
    }
  }
  return out.join('\n').trimEnd()
}
