/**
 * Benchmarks (they print figures; they are not tests).
 *
 *   npm run bench                      both: first-load JS per route, then API throughput
 *   npm run bench -- bundle            first-load JS only (builds first if .next/BUILD_ID is missing)
 *   npm run bench -- api               API throughput only (Hono alone, in its own process, PGlite)
 *   npm run bench -- server            the signed-in request path through the production server (`next start`), on
 *                                      PGlite and on PostgreSQL: owner business read and staff list against bare health
 *   npm run bench -- lighthouse        Lighthouse mobile on eight pages (issue 36's goals; fails below them)
 *   npm run bench:all                  bundle, server and lighthouse: every goal of issue 19 in one run
 *   npm run bench -- load              issue 24: 200 signed-in sessions for 60 s over two `next start` instances on
 *                                      PostgreSQL (100k generated businesses) and Redis, a mix of owner reads, KYC
 *                                      edits, staff lists and decisions (bench/load-mix.ts); not part of the default run
 *   npm run bench -- list              staff business list (name search + 2 filters) on generated data, PGlite and
 *                                      PostgreSQL, with query plans (bench/business-list.ts); not part of the default run
 *   npm run bench -- screening         issue 38: sanctions name matching, recall on variants of the shipped UN and OFAC
 *                                      names, false positives on generated Nigerian customers, scorer speed
 *                                      (bench/screening-quality.ts; also bench/results/ (issue-38-screening-quality.md));
 *                                      no server, no database; not part of the default run
 *
 * Options (flag or environment variable):
 *   --rebuild              BENCH_REBUILD=1        run `next build` even if a build exists
 *   --duration=SECONDS     BENCH_DURATION         measurement per API route (default 10)
 *   --warmup=SECONDS       BENCH_WARMUP           warm-up per API route (default 3)
 *   --connections=N        BENCH_CONNECTIONS      autocannon connections (default 10)
 *   --budget=KB            BENCH_BUDGET_KB        first-load JS budget per route, kB gzip (default 150)
 *   --app-budget=KB        BENCH_APP_BUDGET_KB    first-load JS budget of /_app alone, kB gzip (default 135)
 *   --chrome=PATH          BENCH_CHROME           Chromium for Lighthouse (default /usr/bin/chromium)
 *   --runs=N               BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page, median kept (default 3)
 *                          BENCH_LIGHTHOUSE_PORT  Lighthouse's server port (default: any free one)
 *                          BENCH_LIGHTHOUSE_PAGES only the pages whose names contain one of these (comma-separated)
 *   --slices=N             BENCH_SLICES           server: each route's --duration in N interleaved slices (default 5)
 * server and list: --backend=pglite|postgres|both and BENCH_POSTGRES_URL (below) choose the databases.
 * list only (--duration and --connections also set its autocannon phase; --duration=0 skips it):
 *   --rows=N               BENCH_ROWS             generated businesses per backend (default 100000)
 *   --list-rows=N          BENCH_LIST_ROWS        list only: its own --rows, so that one run can bench the load at 100k
 *                                                 and the list at 1M (issue 36's closing run, `npm run bench:issue-36`)
 *   --requests=N           BENCH_REQUESTS         sequential measured requests per backend (default 300, after 80 warm-up,
 *                                                 or as many as measured when fewer)
 *                          BENCH_PROFILE_ITERATIONS  runs of each statement alone per fragment (default 3; 0 skips)
 *   --backend=NAME         BENCH_BACKEND          pglite, postgres or both (default both)
 *   --path=NAME            BENCH_PATH             list (default) or queue: the staff review queue
 *                                                 GET /businesses/for-approval, with and without a name fragment
 *                          BENCH_POSTGRES_URL     admin URL for the throwaway database (default postgres://postgres@127.0.0.1:5432/postgres)
 *                          BENCH_DATABASE_URL     list and load: use (and keep) this database instead of a throwaway one;
 *                                                 its businesses are topped up to --rows, never removed. For list, let
 *                                                 the first list run on the empty database fill it: the demo seed goes
 *                                                 in before the generated names (which would otherwise take some of its
 *                                                 names), with fixed bench data keys (business-list-server.ts)
 *                          BENCH_LIST_PORT        the list server's port (default: any free one)
 *                          BENCH_LIST_RISK_TIER   list: also filter by this risk tier (e.g. HIGH); the server spreads
 *                                                 tiers over the generated rows (business-list-server.ts)
 * screening only:
 *   --sample=N             BENCH_SCREENING_SAMPLE   listed entries whose names are varied for recall (default 2000)
 *   --customers=N          BENCH_SCREENING_CUSTOMERS generated customers for false positives (default 20000)
 * load only (--rows, default 100000; --duration, default 60; --warmup, default 10):
 *   --sessions=N           BENCH_SESSIONS         signed-in sessions (default 200; a fifth are staff)
 *   --think-ms=MS          BENCH_THINK_MS         mean pause between one session's calls (default 1000, ±50%; 0: none)
 *   --ports=A,B            BENCH_PORTS            the two instances' ports (default 3700,3701)
 *                          BENCH_REDIS_URL        Redis (default redis://127.0.0.1:6379/7), keys under BENCH_REDIS_KEY_PREFIX
 *                                                 (default kyc-load:), deleted afterwards; AZURITE_PORT as usual
 *                          BENCH_CPU_PROFILE_DIR  each instance writes a V8 CPU profile (.cpuprofile) there when it stops
 *
 * Exit code 1 when a route or /_app is over its budget or a bench fails (e.g. a non-2xx answer); 2 on a bad command line.
 * Results are also written to bench/results/<timestamp>.json.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { formatApiReport, runApiBench, type ApiBenchReport } from './api-throughput'
import {
  DEFAULT_APP_BUDGET_KB,
  DEFAULT_BUDGET_KB,
  formatBundleReport,
  measureFirstLoadJs,
  type BundleSizeReport,
} from './bundle-size'
import {
  DEFAULT_POSTGRES_ADMIN_URL,
  formatListReport,
  LIST_BACKENDS,
  LIST_PATHS,
  runListBench,
  type ListBackend,
  type ListBenchReport,
  type ListPath,
} from './business-list'
import { DEFAULT_CHROME_PATH, formatLighthouseReport, runLighthouse, type LighthouseReport } from './lighthouse'
import { formatLoadReport, runLoadMix, type LoadMixReport } from './load-mix'
import { NEXT_DIST_DIR, PROJECT_ROOT, RESULTS_DIR } from './paths'
import {
  DEFAULT_SCREENING_BENCH,
  formatScreeningReport,
  runScreeningQualityBench,
  writeScreeningReport,
  type ScreeningQualityReport,
} from './screening-quality'
import { formatServerReport, runServerBench, type ServerBenchReport } from './server-throughput'

type Suite = 'bundle' | 'api' | 'list' | 'server' | 'lighthouse' | 'load' | 'screening'
const SUITES: readonly Suite[] = ['bundle', 'api', 'list', 'server', 'lighthouse', 'load', 'screening']
/** What runs without a suite on the command line. */
const DEFAULT_SUITES: readonly Suite[] = ['bundle', 'api']

interface Cli {
  suites: Suite[]
  rebuild: boolean
  durationSeconds: number
  warmupSeconds: number
  connections: number
  budgetKb: number
  appBudgetKb: number
  rows: number
  listRows: number
  requests: number
  backends: ListBackend[]
  path: ListPath
  chromePath: string
  lighthouseRuns: number
  slices: number
  sessions: number
  thinkMs: number
  ports: [number, number]
  screeningSample: number
  screeningCustomers: number
  /** Explicit --duration / --warmup (load has its own defaults). */
  durationGiven: boolean
  warmupGiven: boolean
}

function parseCli(argv: string[]): Cli {
  const flags = new Map<string, string>()
  const positional: string[] = []
  for (const arg of argv) {
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg)
    if (match) flags.set(match[1]!, match[2] ?? 'true')
    else positional.push(arg)
  }
  const known = new Set([
    'rebuild',
    'duration',
    'warmup',
    'connections',
    'budget',
    'app-budget',
    'rows',
    'list-rows',
    'requests',
    'backend',
    'path',
    'chrome',
    'runs',
    'slices',
    'sessions',
    'think-ms',
    'ports',
    'sample',
    'customers',
  ])
  const unknown = [...flags.keys()].filter((f) => !known.has(f))
  const badSuites = positional.filter((p) => !(SUITES as readonly string[]).includes(p))
  if (unknown.length || badSuites.length) {
    throw new Error(
      `Unknown ${[...unknown.map((f) => `--${f}`), ...badSuites].join(', ')}; usage: tsx bench/run.ts [bundle|api|list|server|lighthouse|load|screening] [--rebuild] [--duration=S] [--warmup=S] [--connections=N] [--budget=KB] [--app-budget=KB] [--rows=N] [--list-rows=N] [--requests=N] [--backend=pglite|postgres|both] [--path=list|queue] [--chrome=PATH] [--runs=N] [--slices=N] [--sessions=N] [--think-ms=MS] [--ports=A,B] [--sample=N] [--customers=N]`,
    )
  }
  const number = (flag: string, env: string, fallback: number, min: number) => {
    const raw = flags.get(flag) ?? process.env[env]
    if (raw === undefined || raw === '') return fallback
    const value = Number(raw)
    if (!Number.isFinite(value) || value < min) throw new Error(`--${flag} / ${env} must be a number ≥ ${min}, got ${raw}`)
    return value
  }
  const rebuildEnv = process.env.BENCH_REBUILD
  const backend = flags.get('backend') ?? process.env.BENCH_BACKEND ?? 'both'
  if (backend !== 'both' && !(LIST_BACKENDS as readonly string[]).includes(backend)) {
    throw new Error(`--backend / BENCH_BACKEND must be pglite, postgres or both, got ${backend}`)
  }
  const path = flags.get('path') ?? process.env.BENCH_PATH ?? 'list'
  if (!(LIST_PATHS as readonly string[]).includes(path)) throw new Error(`--path / BENCH_PATH must be list or queue, got ${path}`)
  const ports = (flags.get('ports') ?? process.env.BENCH_PORTS ?? '3700,3701').split(',').map(Number)
  if (ports.length !== 2 || ports.some((p) => !Number.isInteger(p) || p < 1 || p > 65535))
    throw new Error(`--ports / BENCH_PORTS must be two ports, e.g. 3700,3701`)
  return {
    sessions: Math.floor(number('sessions', 'BENCH_SESSIONS', 200, 2)),
    thinkMs: number('think-ms', 'BENCH_THINK_MS', 1000, 0),
    ports: ports as [number, number],
    screeningSample: Math.floor(number('sample', 'BENCH_SCREENING_SAMPLE', DEFAULT_SCREENING_BENCH.sample, 1)),
    screeningCustomers: Math.floor(number('customers', 'BENCH_SCREENING_CUSTOMERS', DEFAULT_SCREENING_BENCH.customers, 1)),
    durationGiven: flags.has('duration') || !!process.env.BENCH_DURATION,
    warmupGiven: flags.has('warmup') || !!process.env.BENCH_WARMUP,
    path: path as ListPath,
    suites: positional.length ? [...new Set(positional as Suite[])] : [...DEFAULT_SUITES],
    rebuild: flags.has('rebuild') || rebuildEnv === '1' || rebuildEnv === 'true',
    durationSeconds: number('duration', 'BENCH_DURATION', 10, positional.includes('list') ? 0 : 1),
    warmupSeconds: number('warmup', 'BENCH_WARMUP', 3, 0),
    connections: Math.floor(number('connections', 'BENCH_CONNECTIONS', 10, 1)),
    budgetKb: number('budget', 'BENCH_BUDGET_KB', DEFAULT_BUDGET_KB, 1),
    appBudgetKb: number('app-budget', 'BENCH_APP_BUDGET_KB', DEFAULT_APP_BUDGET_KB, 1),
    rows: Math.floor(number('rows', 'BENCH_ROWS', 100_000, 0)),
    listRows: Math.floor(number('list-rows', 'BENCH_LIST_ROWS', number('rows', 'BENCH_ROWS', 100_000, 0), 0)),
    requests: Math.floor(number('requests', 'BENCH_REQUESTS', 300, 1)),
    backends: backend === 'both' ? [...LIST_BACKENDS] : [backend as ListBackend],
    chromePath: flags.get('chrome') ?? process.env.BENCH_CHROME ?? DEFAULT_CHROME_PATH,
    lighthouseRuns: Math.floor(number('runs', 'BENCH_LIGHTHOUSE_RUNS', 3, 1)),
    slices: Math.floor(number('slices', 'BENCH_SLICES', 5, 1)),
  }
}

function ensureBuild(rebuild: boolean) {
  const built = existsSync(join(NEXT_DIST_DIR, 'BUILD_ID')) && existsSync(join(NEXT_DIST_DIR, 'build-manifest.json'))
  if (built && !rebuild) {
    const at = statSync(join(NEXT_DIST_DIR, 'BUILD_ID')).mtime.toISOString()
    console.log(`Using the existing production build in .next (built ${at}; --rebuild to build again).`)
    return
  }
  console.log('Running next build…')
  const result = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  })
  if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal})`)
}

function gitCommit(): string | undefined {
  const result = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: PROJECT_ROOT, encoding: 'utf8' })
  return result.status === 0 ? result.stdout.trim() : undefined
}

async function main(): Promise<number> {
  let cli: Cli
  try {
    cli = parseCli(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    return 2
  }
  const startedAt = new Date()
  const results: {
    startedAt: string
    commit?: string
    node: string
    bundle?: BundleSizeReport
    api?: ApiBenchReport
    list?: ListBenchReport
    server?: ServerBenchReport
    lighthouse?: LighthouseReport
    load?: LoadMixReport
    screening?: ScreeningQualityReport
  } = {
    startedAt: startedAt.toISOString(),
    commit: gitCommit(),
    node: process.version,
  }
  let exitCode = 0
  let failure: unknown

  try {
    if (cli.suites.includes('bundle')) {
      ensureBuild(cli.rebuild)
      results.bundle = measureFirstLoadJs({ distDir: NEXT_DIST_DIR, budgetKb: cli.budgetKb, appBudgetKb: cli.appBudgetKb })
      console.log(`\n${formatBundleReport(results.bundle)}\n`)
      if (results.bundle.overBudget.length) exitCode = 1
    }
    if (cli.suites.includes('api')) {
      results.api = await runApiBench({
        durationSeconds: cli.durationSeconds,
        warmupSeconds: cli.warmupSeconds,
        connections: cli.connections,
      })
      console.log(`\n${formatApiReport(results.api)}\n`)
    }
    if (cli.suites.includes('server')) {
      ensureBuild(cli.rebuild && !cli.suites.includes('bundle'))
      results.server = await runServerBench({
        durationSeconds: cli.durationSeconds,
        warmupSeconds: cli.warmupSeconds,
        connections: cli.connections,
        backends: cli.backends,
        postgresAdminUrl: process.env.BENCH_POSTGRES_URL || DEFAULT_POSTGRES_ADMIN_URL,
        slices: cli.slices,
      })
      console.log(`\n${formatServerReport(results.server)}\n`)
    }
    if (cli.suites.includes('lighthouse')) {
      ensureBuild(cli.rebuild && !cli.suites.includes('bundle') && !cli.suites.includes('server'))
      results.lighthouse = await runLighthouse({ chromePath: cli.chromePath, runs: cli.lighthouseRuns })
      console.log(`\n${formatLighthouseReport(results.lighthouse)}\n`)
      if (results.lighthouse.goals.some((g) => !g.met)) exitCode = 1
    }
    if (cli.suites.includes('load')) {
      ensureBuild(cli.rebuild && !cli.suites.includes('bundle'))
      results.load = await runLoadMix({
        rows: cli.rows,
        sessions: cli.sessions,
        staffShare: 0.2,
        durationSeconds: cli.durationGiven ? cli.durationSeconds : 60,
        warmupSeconds: cli.warmupGiven ? cli.warmupSeconds : 10,
        thinkMs: cli.thinkMs,
        ports: cli.ports,
        postgresAdminUrl: process.env.BENCH_POSTGRES_URL || DEFAULT_POSTGRES_ADMIN_URL,
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
        redisUrl: process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379/7',
        redisKeyPrefix: process.env.BENCH_REDIS_KEY_PREFIX || 'kyc-load:',
        azuritePort: Number(process.env.AZURITE_PORT || 10_000),
        maxRequests: 1_000_000,
      })
      console.log(`\n${formatLoadReport(results.load)}\n`)
      if (!results.load.goal.met) exitCode = 1
    }
    if (cli.suites.includes('list')) {
      const started = performance.now()
      results.list = await runListBench({
        path: cli.path,
        rows: cli.listRows,
        requests: cli.requests,
        warmupRequests: Math.min(80, cli.requests),
        profileIterations: Number(process.env.BENCH_PROFILE_ITERATIONS ?? 3),
        connections: cli.connections,
        durationSeconds: cli.durationSeconds,
        backends: cli.backends,
        postgresAdminUrl: process.env.BENCH_POSTGRES_URL || DEFAULT_POSTGRES_ADMIN_URL,
        databaseUrl: process.env.BENCH_DATABASE_URL || undefined,
      })
      console.log(
        `\n${formatListReport(results.list)}\n\nList bench took ${((performance.now() - started) / 1000).toFixed(0)} s.\n`,
      )
    }
    if (cli.suites.includes('screening')) {
      results.screening = await runScreeningQualityBench({
        ...DEFAULT_SCREENING_BENCH,
        sample: cli.screeningSample,
        customers: cli.screeningCustomers,
      })
      console.log(`\n${formatScreeningReport(results.screening)}\nWritten to ${writeScreeningReport(results.screening)}\n`)
      if (!results.screening.goals.met) exitCode = 1
    }
  } catch (error) {
    failure = error
    exitCode = 1
  }

  if (
    results.bundle ||
    results.api ||
    results.list ||
    results.server ||
    results.lighthouse ||
    results.load ||
    results.screening
  ) {
    mkdirSync(RESULTS_DIR, { recursive: true })
    const file = join(RESULTS_DIR, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`)
    writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`)
    console.log(`Results written to ${file}`)
  }
  if (failure) console.error('\nBENCH FAILED:', failure instanceof Error ? failure.message : failure)
  return exitCode
}

// Exits explicitly: a failed list bench can leave its child's pipes open, which would keep this process waiting.
process.exit(await main())
