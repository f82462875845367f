import { spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { Redis } from 'ioredis'
import pg from 'pg'
import { hashPassword } from '@/server/auth/password'
import { startNext, waitForHealthy } from '../scripts/lib/next-server'
import { NAME_FRAGMENTS } from './business-list'
import { PROJECT_ROOT } from './paths'

/**
 * Issue 24, "Load": signed-in sessions spread over two portal instances (`next start` on the existing build) on one
 * PostgreSQL database holding `rows` generated businesses and one Redis, as behind a load balancer.
 *
 *   npm run bench -- load [--rows=100000] [--sessions=200] [--duration=60] [--warmup=10] [--think-ms=1000]
 *
 * Set up once, before the clock: the database (a throwaway `kyc_load_<time>`, or BENCH_DATABASE_URL reused and kept,
 * topped up to `rows` businesses by bench/generate-businesses.ts); the accounts straight in the database with one
 * argon2 hash computed once (owners of a PENDING business each, and APPROVER staff); every session signed in through
 * POST /accounts/login from its own client address (the instances trust the loopback proxy, so X-Forwarded-For
 * names it: sign-ins are throttled per account and per IP); each owner's company details and registered address
 * created through the API. The API is called with the bearer token, as the browser client does (docs/api.md).
 *
 * Then every session loops for `warmup` + `duration` seconds: one call, `think-ms` (±50%) of thinking, the next.
 * Owners read their dashboard (my businesses, the business, KYC details, what is outstanding) and edit KYC (PUT of
 * the company details or the address); staff list and search businesses and the review queue, and decline businesses
 * picked from the first page of the queue they last read. Two reviewers picking the same business is a race the API
 * answers with 409 for the second: counted apart as an expected answer, not an error. Only the `duration` after the
 * warm-up is measured. Every loop is bounded by the clock and by `maxRequests`.
 */

export interface LoadMixOptions {
  rows: number
  sessions: number
  /** Share of the sessions that are staff (the rest are business owners). */
  staffShare: number
  durationSeconds: number
  warmupSeconds: number
  /** Mean pause between one session's calls (uniform ±50%); 0 sends back to back. */
  thinkMs: number
  /** Ports of the two instances. */
  ports: [number, number]
  postgresAdminUrl: string
  /** An existing database to use (and keep) instead of a throwaway one. */
  databaseUrl?: string
  redisUrl: string
  redisKeyPrefix: string
  azuritePort: number
  /** Upper bound on measured plus warm-up requests, whatever the clock says. */
  maxRequests: number
}

export interface OperationFigures {
  operation: string
  role: 'owner' | 'staff'
  count: number
  ok: number
  /** 409 on a decision: another reviewer decided the business first (expected). */
  expectedConflicts: number
  errors: number
  statuses: Record<string, number>
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** PostgreSQL round trips of one call, alone before the clock (roundTripsPerCall); null when not measured. */
  roundTripsPerCall: number | null
}

export interface LoadMixReport {
  options: Omit<LoadMixOptions, 'postgresAdminUrl' | 'databaseUrl'> & { database: string }
  setup: {
    businesses: number
    generateSeconds: number
    owners: number
    staff: number
    signInSeconds: number
    kycSetupSeconds: number
    /** VACUUM ANALYZE of the database before the instances start. */
    vacuumSeconds: number
  }
  measured: {
    seconds: number
    requests: number
    requestsPerSecond: number
    errors: number
    expectedConflicts: number
    p50Ms: number
    p95Ms: number
    p99Ms: number
    maxMs: number
    perInstance: Record<string, number>
  }
  operations: OperationFigures[]
  /** First few error answers per operation, to see what failed. */
  errorSamples: { operation: string; status: number; body: string }[]
  queueBefore: number
  queueAfter: number
  /** os.loadavg() at the start and the end of the measured run: other work on the machine skews every figure. */
  loadAverage: { before: number[]; after: number[] }
  /**
   * CPU-seconds used over the measured window (/proc), and per measured request in ms: what the figures cost the
   * machine, steadier between runs than a percentile on a machine the mix keeps busy. Null when not read.
   */
  cpu: {
    instancesSeconds: number
    postgresSeconds: number
    generatorSeconds: number
    machineSeconds: number
    instancesMsPerRequest: number
    postgresMsPerRequest: number
  } | null
  /** VmRSS of each instance at the end of the run, MB. */
  instanceRssMb: number[]
  goal: { errors: 0; p99Ms: 200; met: boolean }
}

const PASSWORD = 'Load-Bench-Passw0rd!'

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const round = (n: number) => Math.round(n * 10) / 10

// ---------------------------------------------------------------------------------------------------------
// Database

function urlOf(adminUrl: string, name: string) {
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function businessCount(url: string): Promise<number> {
  return withClient(url, async (c) => {
    const exists = await c.query(`select to_regclass('public.businesses') is not null as ok`)
    if (!exists.rows[0]?.ok) return 0
    return Number((await c.query('select count(*)::int as n from businesses')).rows[0].n)
  })
}

/** Migrates, seeds the reference lists and adds generated businesses up to `rows` (bench/generate-businesses.ts). */
function topUp(url: string, rows: number, existing: number) {
  const missing = rows - existing
  const args = ['--import', 'tsx', 'bench/generate-businesses.ts', `--rows=${Math.max(1, missing)}`]
  if (missing <= 0) return
  const result = spawnSync(process.execPath, args, {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  })
  if (result.status !== 0) throw new Error(`generate-businesses failed (exit ${result.status ?? result.signal})`)
}

interface Accounts {
  owners: { email: string; businessId: string }[]
  staff: { email: string }[]
}

/** Owners of a PENDING business each (KYC not yet complete, so the queue never holds theirs) and APPROVER staff. */
async function createAccounts(url: string, owners: number, staff: number): Promise<Accounts> {
  const passwordHash = await hashPassword(PASSWORD)
  const tag = Date.now().toString(36)
  return withClient(url, async (c) => {
    await c.query('begin')
    const picked = await c.query<{ id: string }>(
      `select b.id from businesses b
        where b.approval_status = 'PENDING' and not b.kyc_details_completed and b.archive_status = 'ACTIVE'
          and not exists (select 1 from business_users bu where bu.business_id = b.id)
          and not exists (select 1 from kyc_details k where k.business_id = b.id)
        order by b.id limit $1`,
      [owners],
    )
    if (picked.rows.length < owners) throw new Error(`Only ${picked.rows.length} businesses free for ${owners} owners`)
    const ownerEmails = picked.rows.map((_, i) => `load-${tag}-owner-${i}@example.test`)
    const staffEmails = Array.from({ length: staff }, (_, i) => `load-${tag}-staff-${i}@example.test`)
    const insertUsers = (emails: string[], first: string) =>
      c.query<{ id: string; email: string }>(
        `insert into users (email, first_name, last_name, password_hash, status)
         select e, $2, 'Load ' || ord, $3, 'ACTIVE' from unnest($1::text[]) with ordinality as t(e, ord)
         returning id, email`,
        [emails, first, passwordHash],
      )
    const ownerRows = (await insertUsers(ownerEmails, 'Owner')).rows
    const staffRows = (await insertUsers(staffEmails, 'Reviewer')).rows
    const ownerIdByEmail = new Map(ownerRows.map((r) => [r.email, r.id]))
    await c.query(
      `insert into business_users (business_id, user_id, role_id)
       select b, u, (select id from roles where name = 'BUSINESS_OWNER') from unnest($1::uuid[], $2::uuid[]) as t(b, u)`,
      [picked.rows.map((r) => r.id), ownerEmails.map((e) => ownerIdByEmail.get(e))],
    )
    await c.query(
      `insert into user_roles (user_id, role_id)
       select u, (select id from roles where name = 'APPROVER') from unnest($1::uuid[]) as u`,
      [staffRows.map((r) => r.id)],
    )
    await c.query('commit')
    return {
      owners: ownerEmails.map((email, i) => ({ email, businessId: picked.rows[i]!.id })),
      staff: staffEmails.map((email) => ({ email })),
    }
  })
}

async function queueSize(url: string): Promise<number> {
  return withClient(url, async (c) =>
    Number(
      (
        await c.query(
          `select count(*)::int as n from businesses where approval_status = 'PENDING' and kyc_details_completed and archive_status = 'ACTIVE'`,
        )
      ).rows[0].n,
    ),
  )
}

// ---------------------------------------------------------------------------------------------------------
// Instances

interface Instance {
  origin: string
  child: ChildProcess
  dataDir: string
}

function sharedSecrets(): Record<string, string> {
  const secret = () => randomBytes(32).toString('base64url')
  return {
    JWT_SECRET: secret(),
    SESSION_SECRET: secret(),
    DATA_INDEX_KEY: secret(),
    DATA_ENCRYPTION_KEYS: `load:${randomBytes(32).toString('base64')}`,
  }
}

async function startInstance(port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kyc-load-'))
  const origin = `http://127.0.0.1:${port}`
  const child = startNext({
    port,
    host: '127.0.0.1',
    quiet: true,
    nodeArgs: [
      // Counts the instance's PostgreSQL round trips for roundTripsPerCall (an increment per statement).
      '--import',
      pathToFileURL(join(PROJECT_ROOT, 'bench/support/count-round-trips.mjs')).href,
      // BENCH_CPU_PROFILE_DIR: each instance writes a V8 CPU profile there when it stops (open it in Chrome DevTools).
      ...(process.env.BENCH_CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE_DIR}`] : []),
    ],
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      ROUND_TRIP_COUNTER_PORT: String(counterPortOf(port)),
    },
  })
  try {
    // Liveness, not /health/ready: that one also needs blob storage, which the mix does not touch (no uploads).
    await waitForHealthy(`${origin}/api/v1/health`, child, 120_000)
  } catch (error) {
    child.kill('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  }
  return { origin, child, dataDir }
}

interface CpuSeconds {
  instances: number
  postgres: number
  generator: number
  /** Every core's busy time (/proc/stat: all but idle and iowait). */
  machine: number
}

const CLOCK_TICKS = 100

/**
 * A process's CPU-seconds from /proc/<pid>/stat: its own user and system time plus that of its children it has reaped
 * (a PostgreSQL backend that ended during the window is counted in the postmaster's), with its parent pid.
 */
function procStat(pid: string): { ppid: number; seconds: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0)
    return { ppid: Number(fields[1]), seconds: ticks / CLOCK_TICKS }
  } catch {
    return null
  }
}

/**
 * CPU-seconds so far of the instances' process trees, the PostgreSQL server's (the postmaster and its processes, live
 * and reaped), this process and the machine.
 */
function cpuSeconds(instancePids: readonly number[], postmasterPid: number | null): CpuSeconds | undefined {
  if (!existsSync('/proc/stat') || !postmasterPid) return undefined
  const stats = new Map<number, { ppid: number; seconds: number }>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = procStat(entry)
    if (stat) stats.set(Number(entry), stat)
  }
  const treeSeconds = (roots: ReadonlySet<number>) => {
    let seconds = 0
    for (const [pid, stat] of stats) {
      for (let p: number | undefined = pid; p && p > 1; p = stats.get(p)?.ppid)
        if (roots.has(p)) {
          seconds += stat.seconds
          break
        }
    }
    return seconds
  }
  const usage = process.cpuUsage()
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number)
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
  const machine = (ticks.slice(0, 8).reduce((a, b) => a + b, 0) - idle) / CLOCK_TICKS
  return {
    instances: treeSeconds(new Set(instancePids)),
    postgres: treeSeconds(new Set([postmasterPid])),
    generator: (usage.user + usage.system) / 1e6,
    machine,
  }
}

/** The pid of the PostgreSQL server serving `url` when it runs on this machine (a backend's parent), else null. */
async function postmasterPidOf(url: string): Promise<number | null> {
  // Read while the connection is open: a backend's process ends with its connection, and its /proc entry with it.
  return withClient(url, async (c) => {
    const backend = (await c.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid
    return procStat(String(backend))?.ppid ?? null
  })
}

function cpuUsed(before: CpuSeconds | undefined, after: CpuSeconds | undefined, requests: number): LoadMixReport['cpu'] {
  if (!before || !after || !requests) return null
  const instancesSeconds = after.instances - before.instances
  const postgresSeconds = after.postgres - before.postgres
  return {
    instancesSeconds: round(instancesSeconds),
    postgresSeconds: round(postgresSeconds),
    generatorSeconds: round(after.generator - before.generator),
    machineSeconds: round(after.machine - before.machine),
    instancesMsPerRequest: round((instancesSeconds * 1000) / requests),
    postgresMsPerRequest: round((postgresSeconds * 1000) / requests),
  }
}

/** Where an instance answers its count of PostgreSQL round trips (bench/support/count-round-trips.mjs). */
const counterPortOf = (port: number) => port + 1000

/** The instance's round trips so far; null when its counter does not answer (the figures are then left out). */
async function roundTripsSoFar(origin: string): Promise<number | null> {
  try {
    const response = await fetch(`http://127.0.0.1:${counterPortOf(Number(new URL(origin).port))}/`)
    const count = Number(await response.text())
    return response.ok && Number.isFinite(count) ? count : null
  } catch {
    return null
  }
}

/**
 * PostgreSQL round trips per call of each operation, measured before the clock, one call at a time, by one owner and
 * one staff session: the fewest over five calls (the instance's own scheduled work may add a few to one of them).
 */
async function roundTripsPerCall(sessions: Session[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  const measure = async (operations: Operation[], session: Session | undefined) => {
    if (!session) return
    for (const operation of operations) {
      let fewest = Infinity
      for (let n = 0; n < 5; n++) {
        let request = operation.request(session, n)
        // Reading or declining a queued business needs one from the queue: read it first, uncounted.
        if (!request && session.role === 'staff') {
          const queue = await call(session, 'GET', '/businesses/for-approval?pageSize=20')
          if (queue.status === 200) readQueue(session, queue.body)
          request = operation.request(session, n)
        }
        if (!request) continue
        const before = await roundTripsSoFar(session.origin)
        const { status, body } = await call(session, request.method, request.path, request.json)
        const after = await roundTripsSoFar(session.origin)
        if (status >= 200 && status < 300) {
          operation.after?.(session, body)
          if (before !== null && after !== null) fewest = Math.min(fewest, after - before)
        }
      }
      if (Number.isFinite(fewest)) counts.set(operation.name, fewest)
    }
  }
  await measure(
    OWNER_OPERATIONS,
    sessions.find((s) => s.role === 'owner'),
  )
  const staff = sessions.find((s) => s.role === 'staff')
  await measure(STAFF_OPERATIONS, staff)
  if (staff) staff.candidates = []
  return counts
}

async function stopInstance(instance: Instance) {
  const { child } = instance
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }
  rmSync(instance.dataDir, { recursive: true, force: true })
}

function rssMb(pid: number | undefined): number {
  if (!pid) return Number.NaN
  const result = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })
  return round(Number(result.stdout.trim()) / 1024)
}

// ---------------------------------------------------------------------------------------------------------
// Sessions

interface Session {
  role: 'owner' | 'staff'
  origin: string
  /** The client address the (trusted, loopback) proxy reports. */
  from: string
  token: string
  businessId?: string
  kycDetailsId?: string
  addressId?: string
  /** Businesses seen on the first page of the queue last read (staff). */
  candidates: string[]
}

/**
 * Keep-alive connections to both instances, at most one per session at a time. node:http rather than fetch: the load
 * generator shares the machine's two cores with what it measures, and fetch (undici, its streams and the decoding)
 * cost it about twice the CPU per call (2026-12-02: 11.4 of 80 CPU-seconds of a measured window).
 */
const agent = new http.Agent({ keepAlive: true })

async function call(
  session: Pick<Session, 'origin' | 'from' | 'token'>,
  method: string,
  path: string,
  json?: unknown,
): Promise<{ status: number; body: string; ms: number }> {
  // What a browser sends: the instances compress their answers as they would for one.
  const headers: Record<string, string> = {
    'x-forwarded-for': session.from,
    accept: 'application/json',
    'accept-encoding': 'gzip, deflate, br',
  }
  if (session.token) headers.authorization = `Bearer ${session.token}`
  const payload = json === undefined ? undefined : JSON.stringify(json)
  if (payload !== undefined) {
    headers['content-type'] = 'application/json'
    headers['content-length'] = String(Buffer.byteLength(payload))
  }
  const started = performance.now()
  const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(`${session.origin}/api/v1${path}`, { method, headers, agent }, (response) => {
      const encoding = response.headers['content-encoding']
      const decoded =
        encoding === 'gzip'
          ? response.pipe(createGunzip())
          : encoding === 'deflate'
            ? response.pipe(createInflate())
            : encoding === 'br'
              ? response.pipe(createBrotliDecompress())
              : response
      const chunks: Buffer[] = []
      decoded.on('data', (chunk: Buffer) => chunks.push(chunk))
      decoded.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      decoded.on('error', reject)
    })
    request.on('error', reject)
    request.end(payload)
  })
  return { status, body, ms: performance.now() - started }
}

/** Runs `fn` over `items` with at most `limit` at a time. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T, index: number) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++
        await fn(items[index]!, index)
      }
    }),
  )
}

async function signIn(origin: string, email: string, from: string): Promise<string> {
  const res = await call({ origin, from, token: '' }, 'POST', '/accounts/login', { email, password: PASSWORD })
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}: ${res.body.slice(0, 300)}`)
  return (JSON.parse(res.body) as { access_token: string }).access_token
}

const companyDetails = (n: number) => ({
  tin: `${String(10_000_000 + n).slice(-8)}-0001`,
  incorporationDate: '2015-03-02',
  natureOfBusiness: 'Food processing',
  description: 'Processes and packages cassava flour',
  numberOfEmployees: 10 + (n % 200),
  annualTurnover: 25_000_000 + n * 1000,
  countryOfIncorporation: 'Nigeria',
})

/** The owner's company details and registered address, created as the KYC form does. */
async function setUpOwnerKyc(session: Session, n: number) {
  const details = await call(session, 'POST', '/kyc/details', { businessId: session.businessId, ...companyDetails(n) })
  if (details.status !== 201 && details.status !== 200)
    throw new Error(`POST /kyc/details answered ${details.status}: ${details.body.slice(0, 300)}`)
  session.kycDetailsId = (JSON.parse(details.body) as { id: string }).id
  const address = await call(session, 'POST', '/kyc/addresses', {
    kycDetailsId: session.kycDetailsId,
    type: 'REGISTERED',
    line1: `${1 + (n % 200)} Broad Street`,
    city: 'Lagos Island',
    country: 'Nigeria',
    state: 'Lagos',
    lga: 'Lagos Island',
  })
  if (address.status !== 201 && address.status !== 200)
    throw new Error(`POST /kyc/addresses answered ${address.status}: ${address.body.slice(0, 300)}`)
  session.addressId = (JSON.parse(address.body) as { id: string }).id
}

// ---------------------------------------------------------------------------------------------------------
// The mix

interface Operation {
  name: string
  weight: number
  /** Answers the request to send, or null when this session cannot do it now (another is picked). */
  request: (s: Session, n: number) => { method: string; path: string; json?: unknown } | null
  /** Reads what the session keeps from the answer. */
  after?: (s: Session, body: string) => void
  /** 409 is an expected answer (a race between reviewers). */
  conflictExpected?: boolean
}

const fragment = (n: number) => NAME_FRAGMENTS[n % NAME_FRAGMENTS.length]!

const OWNER_OPERATIONS: Operation[] = [
  { name: 'owner: my businesses', weight: 20, request: () => ({ method: 'GET', path: '/businesses/user-businesses/me' }) },
  { name: 'owner: business', weight: 20, request: (s) => ({ method: 'GET', path: `/businesses/${s.businessId}` }) },
  {
    name: 'owner: KYC details',
    weight: 15,
    request: (s) => ({ method: 'GET', path: `/kyc/details?businessId=${s.businessId}` }),
  },
  {
    name: 'owner: addresses',
    weight: 10,
    request: (s) => ({ method: 'GET', path: `/kyc/addresses/all-kyc/${s.kycDetailsId}` }),
  },
  {
    name: 'owner: outstanding',
    weight: 15,
    request: (s) => ({ method: 'GET', path: `/businesses/${s.businessId}/outstanding` }),
  },
  {
    name: 'owner: PUT company details',
    weight: 10,
    request: (s, n) => ({
      method: 'PUT',
      path: `/kyc/details/${s.kycDetailsId}`,
      json: { numberOfEmployees: 10 + (n % 500), annualTurnover: 30_000_000 + (n % 1000) * 100 },
    }),
  },
  {
    name: 'owner: PUT address',
    weight: 10,
    request: (s, n) => ({
      method: 'PUT',
      path: `/kyc/addresses/${s.addressId}`,
      json: { line1: `${1 + (n % 300)} Broad Street` },
    }),
  },
]

const readQueue = (s: Session, body: string) => {
  s.candidates = (JSON.parse(body) as { content: { id: string }[] }).content.map((b) => b.id)
}

const STAFF_OPERATIONS: Operation[] = [
  {
    name: 'staff: list, name search + 2 filters',
    weight: 25,
    request: (_s, n) => ({
      method: 'GET',
      path: `/businesses?businessName=${fragment(n)}&approvalStatus=APPROVED&kycDetailsCompleted=true&pageSize=20`,
    }),
  },
  { name: 'staff: list, newest first', weight: 10, request: () => ({ method: 'GET', path: '/businesses?pageSize=20' }) },
  {
    name: 'staff: review queue',
    weight: 30,
    request: () => ({ method: 'GET', path: '/businesses/for-approval?pageSize=20' }),
    after: readQueue,
  },
  {
    name: 'staff: review queue, name search',
    weight: 10,
    request: (_s, n) => ({ method: 'GET', path: `/businesses/for-approval?businessName=${fragment(n)}&pageSize=20` }),
    after: readQueue,
  },
  {
    name: 'staff: business',
    weight: 10,
    request: (s) => (s.candidates[0] ? { method: 'GET', path: `/businesses/${s.candidates[0]}` } : null),
  },
  {
    name: 'staff: decline a queued business',
    weight: 15,
    conflictExpected: true,
    request: (s) => {
      if (!s.candidates.length) return null
      const id = s.candidates.splice(Math.floor(Math.random() * s.candidates.length), 1)[0]!
      return {
        method: 'PUT',
        path: `/businesses/${id}/approve`,
        json: { decision: 'DECLINED', comment: 'Load bench: the registration documents do not match the business name' },
      }
    },
  },
]

function pickOperation(operations: Operation[], session: Session, n: number) {
  const total = operations.reduce((sum, o) => sum + o.weight, 0)
  for (let attempt = 0; attempt < 5; attempt++) {
    let roll = Math.random() * total
    const operation = operations.find((o) => (roll -= o.weight) < 0) ?? operations[0]!
    const request = operation.request(session, n)
    if (request) return { operation, request }
  }
  const fallback = operations.find((o) => o.after)! // a queue read always has a request
  return { operation: fallback, request: fallback.request(session, n)! }
}

interface Sample {
  operation: string
  role: 'owner' | 'staff'
  status: number
  ms: number
  origin: string
  expectedConflict: boolean
}

// ---------------------------------------------------------------------------------------------------------

export async function runLoadMix(options: LoadMixOptions): Promise<LoadMixReport> {
  const ownDatabase = !options.databaseUrl
  const databaseName = ownDatabase ? `kyc_load_${Date.now()}` : new URL(options.databaseUrl!).pathname.slice(1)
  const databaseUrl = options.databaseUrl ?? urlOf(options.postgresAdminUrl, databaseName)
  if (ownDatabase) await withClient(options.postgresAdminUrl, (c) => c.query(`create database "${databaseName}"`))
  const instances: Instance[] = []
  const redis = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 })
  try {
    await redis.connect()
    const generateStarted = performance.now()
    const existing = await businessCount(databaseUrl)
    console.log(`[load] ${databaseName}: ${existing} businesses; topping up to ${options.rows}…`)
    topUp(databaseUrl, options.rows, existing)
    const generateSeconds = (performance.now() - generateStarted) / 1000
    const businesses = await businessCount(databaseUrl)

    const staffCount = Math.round(options.sessions * options.staffShare)
    const ownerCount = options.sessions - staffCount
    const accounts = await createAccounts(databaseUrl, ownerCount, staffCount)
    // The state production's autovacuum keeps a database in: this machine kind's PostgreSQL runs with it off, so a kept
    // database would otherwise carry every earlier run's dead rows and no visibility map (2026-12-02: p99 702 → 463 ms).
    const vacuumStarted = performance.now()
    await withClient(databaseUrl, (c) => c.query('vacuum analyze'))
    const vacuumSeconds = (performance.now() - vacuumStarted) / 1000

    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ...sharedSecrets(),
      APP_ENV: 'test',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: options.redisUrl,
      REDIS_KEY_PREFIX: options.redisKeyPrefix,
      TRUSTED_PROXIES: 'loopback',
      AZURITE_PORT: String(options.azuritePort),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    }
    // One after the other: the first applies any pending migration, the second finds none.
    for (const port of options.ports) instances.push(await startInstance(port, env))
    console.log(`[load] instances on ${instances.map((i) => i.origin).join(' and ')}`)

    const signInStarted = performance.now()
    const people = [
      ...accounts.owners.map((o) => ({ role: 'owner' as const, email: o.email, businessId: o.businessId })),
      ...accounts.staff.map((s) => ({ role: 'staff' as const, email: s.email, businessId: undefined })),
    ]
    const sessions: Session[] = new Array(people.length)
    await eachLimited(people, 4, async (person, i) => {
      const origin = instances[i % instances.length]!.origin
      const from = `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`
      const token = await signIn(origin, person.email, from)
      sessions[i] = { role: person.role, origin, from, token, businessId: person.businessId, candidates: [] }
    })
    const signInSeconds = (performance.now() - signInStarted) / 1000
    const kycStarted = performance.now()
    await eachLimited(
      sessions.filter((s) => s.role === 'owner'),
      8,
      (s, i) => setUpOwnerKyc(s, i),
    )
    const kycSetupSeconds = (performance.now() - kycStarted) / 1000
    console.log(
      `[load] ${sessions.length} sessions signed in (${round(signInSeconds)} s), owners' KYC set up (${round(kycSetupSeconds)} s)`,
    )

    const roundTrips = await roundTripsPerCall(sessions)
    const queueBefore = await queueSize(databaseUrl)
    const samples: Sample[] = []
    const errorSamples: LoadMixReport['errorSamples'] = []
    let sent = 0
    const begin = performance.now()
    const measureFrom = begin + options.warmupSeconds * 1000
    const endAt = measureFrom + options.durationSeconds * 1000
    let loadBefore: number[] = []
    let cpuBefore: CpuSeconds | undefined
    let cpuAfter: CpuSeconds | undefined
    const pids = instances.map((i) => i.child.pid!)
    const postmasterPid = await postmasterPidOf(databaseUrl)
    const loadTimer = setTimeout(() => {
      loadBefore = loadavg()
      cpuBefore = cpuSeconds(pids, postmasterPid)
    }, options.warmupSeconds * 1000)
    const cpuTimer = setTimeout(
      () => (cpuAfter = cpuSeconds(pids, postmasterPid)),
      (options.warmupSeconds + options.durationSeconds) * 1000,
    )
    const think = () =>
      options.thinkMs > 0 ? new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + Math.random()))) : undefined

    await Promise.all(
      sessions.map(async (session, index) => {
        // Spread the first calls over one think time, as sessions that did not all start on the same millisecond.
        if (options.thinkMs > 0) await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs))
        let n = index * 7919
        while (performance.now() < endAt && sent < options.maxRequests) {
          sent++
          n++
          const { operation, request } = pickOperation(session.role === 'owner' ? OWNER_OPERATIONS : STAFF_OPERATIONS, session, n)
          const startedAt = performance.now()
          let status: number
          let body: string
          let ms: number
          try {
            ;({ status, body, ms } = await call(session, request.method, request.path, request.json))
          } catch (error) {
            status = 0
            body = error instanceof Error ? error.message : String(error)
            ms = performance.now() - startedAt
          }
          if (status >= 200 && status < 300 && operation.after) operation.after(session, body)
          const expectedConflict = status === 409 && operation.conflictExpected === true
          if (startedAt >= measureFrom && startedAt < endAt) {
            samples.push({ operation: operation.name, role: session.role, status, ms, origin: session.origin, expectedConflict })
            const isError = status < 200 || (status >= 300 && !expectedConflict)
            if (isError && errorSamples.filter((e) => e.operation === operation.name).length < 3)
              errorSamples.push({ operation: operation.name, status, body: body.slice(0, 400) })
          }
          await think()
        }
      }),
    )
    clearTimeout(loadTimer)
    clearTimeout(cpuTimer)
    const loadAfter = loadavg()
    const instanceRssMb = instances.map((i) => rssMb(i.child.pid))
    const queueAfter = await queueSize(databaseUrl)

    const isError = (s: Sample) => s.status < 200 || (s.status >= 300 && !s.expectedConflict)
    const byOperation = new Map<string, Sample[]>()
    for (const s of samples) (byOperation.get(s.operation) ?? byOperation.set(s.operation, []).get(s.operation)!).push(s)
    const operations: OperationFigures[] = [...OWNER_OPERATIONS, ...STAFF_OPERATIONS]
      .filter((o) => byOperation.has(o.name))
      .map((o) => {
        const list = byOperation.get(o.name)!
        const sorted = list.map((s) => s.ms).sort((a, b) => a - b)
        const statuses: Record<string, number> = {}
        for (const s of list) statuses[s.status] = (statuses[s.status] ?? 0) + 1
        return {
          operation: o.name,
          role: list[0]!.role,
          count: list.length,
          ok: list.filter((s) => s.status >= 200 && s.status < 300).length,
          expectedConflicts: list.filter((s) => s.expectedConflict).length,
          errors: list.filter(isError).length,
          statuses,
          p50Ms: round(percentile(sorted, 50)),
          p95Ms: round(percentile(sorted, 95)),
          p99Ms: round(percentile(sorted, 99)),
          maxMs: round(sorted.at(-1) ?? Number.NaN),
          roundTripsPerCall: roundTrips.get(o.name) ?? null,
        }
      })
    const all = samples.map((s) => s.ms).sort((a, b) => a - b)
    const perInstance: Record<string, number> = {}
    for (const s of samples) perInstance[s.origin] = (perInstance[s.origin] ?? 0) + 1
    const errors = samples.filter(isError).length
    const p99Ms = round(percentile(all, 99))
    return {
      options: {
        rows: options.rows,
        sessions: options.sessions,
        staffShare: options.staffShare,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        thinkMs: options.thinkMs,
        ports: options.ports,
        redisUrl: options.redisUrl,
        redisKeyPrefix: options.redisKeyPrefix,
        azuritePort: options.azuritePort,
        maxRequests: options.maxRequests,
        database: databaseName,
      },
      setup: {
        businesses,
        generateSeconds: round(generateSeconds),
        owners: ownerCount,
        staff: staffCount,
        signInSeconds: round(signInSeconds),
        kycSetupSeconds: round(kycSetupSeconds),
        vacuumSeconds: round(vacuumSeconds),
      },
      measured: {
        seconds: options.durationSeconds,
        requests: samples.length,
        requestsPerSecond: round(samples.length / options.durationSeconds),
        errors,
        expectedConflicts: samples.filter((s) => s.expectedConflict).length,
        p50Ms: round(percentile(all, 50)),
        p95Ms: round(percentile(all, 95)),
        p99Ms,
        maxMs: round(all.at(-1) ?? Number.NaN),
        perInstance,
      },
      operations,
      errorSamples,
      queueBefore,
      queueAfter,
      loadAverage: { before: loadBefore.map(round), after: loadAfter.map(round) },
      cpu: cpuUsed(cpuBefore, cpuAfter, samples.length),
      instanceRssMb,
      goal: { errors: 0, p99Ms: 200, met: errors === 0 && p99Ms <= 200 },
    }
  } finally {
    agent.destroy()
    await Promise.all(instances.map(stopInstance))
    if (redis.status === 'ready') {
      let cursor = '0'
      do {
        const [nextCursor, keys] = await redis.scan(cursor, 'MATCH', `${options.redisKeyPrefix}*`, 'COUNT', 500)
        cursor = nextCursor
        if (keys.length) await redis.del(...keys)
      } while (cursor !== '0')
    }
    redis.disconnect()
    if (ownDatabase)
      await withClient(options.postgresAdminUrl, (c) => c.query(`drop database if exists "${databaseName}" with (force)`)).catch(
        (error: unknown) => console.error(`[load] could not drop ${databaseName}:`, error),
      )
  }
}

export function formatLoadReport(report: LoadMixReport): string {
  const m = report.measured
  const lines = [
    `Load mix: ${report.options.sessions} sessions (${report.setup.owners} owners, ${report.setup.staff} staff) on two instances, ${report.setup.businesses.toLocaleString('en')} businesses, think ${report.options.thinkMs} ms, ${m.seconds} s measured`,
    `  ${m.requests} requests, ${m.requestsPerSecond} req/s, ${m.errors} errors, ${m.expectedConflicts} expected 409s; p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms, p99 ${m.p99Ms} ms, max ${m.maxMs} ms`,
    `  per instance: ${Object.entries(m.perInstance)
      .map(([o, n]) => `${o} ${n}`)
      .join(', ')}; load average ${report.loadAverage.before.join(' ')} → ${report.loadAverage.after.join(' ')}`,
    report.cpu
      ? `  CPU over the measured window: instances ${report.cpu.instancesSeconds} s (${report.cpu.instancesMsPerRequest} ms a request), PostgreSQL ${report.cpu.postgresSeconds} s (${report.cpu.postgresMsPerRequest} ms a request), load generator ${report.cpu.generatorSeconds} s; the machine ${report.cpu.machineSeconds} of ${m.seconds * cpus().length} CPU-seconds`
      : '  CPU: not read',
    '',
    ...report.operations.map(
      (o) =>
        `  ${o.operation.padEnd(40)} ${String(o.count).padStart(6)}  err ${String(o.errors).padStart(4)}  409 ${String(o.expectedConflicts).padStart(4)}  p50 ${String(o.p50Ms).padStart(6)}  p95 ${String(o.p95Ms).padStart(6)}  p99 ${String(o.p99Ms).padStart(6)}  round trips ${o.roundTripsPerCall ?? '?'}`,
    ),
    '',
    `  Goal (0 errors, p99 ≤ 200 ms): ${report.goal.met ? 'met' : 'NOT met'}`,
  ]
  for (const e of report.errorSamples) lines.push(`  error ${e.operation}: ${e.status} ${e.body}`)
  return lines.join('\n')
}
