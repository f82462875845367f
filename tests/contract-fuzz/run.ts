/**
 * Contract fuzz of the production server: every operation of /api/v1/openapi.json gets generated bad input
 * (tests/contract-fuzz/inputs.ts) as four identities, and every answer is checked against the API's contract.
 *
 *   FUZZ_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:fuzz
 *
 * Options (environment variable or --flag=value):
 *   FUZZ_DATABASE_URL   --database-url  PostgreSQL admin URL: a fresh database is created on that server for the run
 *                                       and dropped after. Without it the server runs on PGlite and the "a 4xx changes
 *                                       no data" check is skipped. With FUZZ_BASE_URL it names the running server's
 *                                       own database, read as it is.
 *   FUZZ_BASE_URL       --base-url      fuzz a server that is already running (with demo data) instead of starting one
 *   FUZZ_SEED           --seed          fast-check seed (default 20261125)
 *   FUZZ_CASES          --cases         cases per operation (default 20; each is sent as all four identities)
 *   FUZZ_CONCURRENCY    --concurrency   requests in flight (default 6)
 *   FUZZ_OPERATION      --operation     only operations whose "METHOD /path" contains this text
 *   FUZZ_CASE           --case          only this case index (with FUZZ_OPERATION: to reproduce one failure)
 *   FUZZ_PORT           --port          port for the server it starts (default: a free one)
 *
 * Pass: no answer >= 500, no socket error, every 4xx carries the catalogue error body with a known code, no 4xx
 * changes data (row counts and checksums of every table but those in database.ts's exclusion lists, per operation
 * batch; a batch with a 2xx refreshes the baseline instead), and no anonymous 2xx on a call that needs a token.
 * Exit code 1 on any failure, 2 when the run could not start.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { ERROR_CODES, errorBodySchema } from '@/lib/contracts/errors'
import { freePort, prepareBlobStorage, startAzurite, type RunningAzurite } from '../../scripts/lib/azurite'
import { buildIfStale } from '../../scripts/lib/build'
import { demoPortalEnv, startNext, waitForHealthy } from '../../scripts/lib/next-server'
import {
  changedTables,
  createScratchDatabase,
  DataWatch,
  idsFromAnswers,
  idsFromDatabase,
  UNCHECKED_COLUMNS,
  UNCHECKED_ROWS,
  UNCHECKED_TABLES,
  type Snapshot,
} from './database'
import { casesFor, type AnonymousAuth, type FuzzRequest, type IdSource } from './inputs'
import { operationsOf, schemaResolver, type OpenApiDocument, type Operation } from './openapi'
import { send, type Answer } from './send'

const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Passw0rd!'
const IDENTITY_EMAILS = {
  staff: 'superadmin@example.com',
  owner: 'owner@example.com',
  // A member (not owner) of Chukwuemeka Motors, which owner@example.com owns (server/seed/demo-businesses.ts).
  member: 'bisi.adewale@example.com',
} as const
type SignedIn = keyof typeof IDENTITY_EMAILS
type Identity = 'anonymous' | SignedIn
const IDENTITIES: Identity[] = ['anonymous', 'owner', 'member', 'staff']

interface Options {
  databaseUrl?: string
  baseUrl?: string
  seed: number
  cases: number
  concurrency: number
  operation?: string
  caseIndex?: number
  port?: number
}

function readOptions(): Options {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'base-url': { type: 'string' },
      seed: { type: 'string' },
      cases: { type: 'string' },
      concurrency: { type: 'string' },
      operation: { type: 'string' },
      case: { type: 'string' },
      port: { type: 'string' },
    },
  })
  const env = process.env
  const number = (text: string | undefined, name: string) => {
    if (text === undefined || text === '') return undefined
    const value = Number(text)
    if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got ${text}`)
    return value
  }
  const caseIndex = number(values.case ?? env.FUZZ_CASE, 'FUZZ_CASE')
  const cases = number(values.cases ?? env.FUZZ_CASES, 'FUZZ_CASES') ?? 20
  return {
    databaseUrl: values['database-url'] ?? (env.FUZZ_DATABASE_URL || undefined),
    baseUrl: values['base-url'] ?? (env.FUZZ_BASE_URL || undefined),
    seed: number(values.seed ?? env.FUZZ_SEED, 'FUZZ_SEED') ?? 20261125,
    cases: caseIndex !== undefined ? Math.max(cases, caseIndex + 1) : cases,
    concurrency: number(values.concurrency ?? env.FUZZ_CONCURRENCY, 'FUZZ_CONCURRENCY') ?? 6,
    operation: values.operation ?? (env.FUZZ_OPERATION || undefined),
    caseIndex,
    port: number(values.port ?? env.FUZZ_PORT, 'FUZZ_PORT'),
  }
}

// ---------------------------------------------------------------------------------------------------------
// The server under test

interface Target {
  base: URL
  databaseUrl?: string
  logFile?: string
  stop: () => Promise<void>
}

async function startTarget(options: Options): Promise<Target> {
  if (options.baseUrl) return { base: new URL(options.baseUrl), databaseUrl: options.databaseUrl, stop: async () => undefined }
  buildIfStale()
  const cleanups: (() => Promise<void> | void)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
  }
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'kyc-fuzz-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    let databaseUrl: string | undefined
    if (options.databaseUrl) {
      const scratch = await createScratchDatabase(options.databaseUrl)
      cleanups.push(scratch.drop)
      databaseUrl = scratch.url
      console.log(`PostgreSQL: fresh database ${scratch.name} (dropped at the end)`)
    }
    const port = options.port ?? (await freePort())
    const azurite: RunningAzurite = await startAzurite({
      accountName: 'test',
      port: await freePort(),
      location: join(dataDir, 'azurite'),
    })
    cleanups.push(() => azurite.stop())
    await prepareBlobStorage(azurite.connectionString, 'blob', [`http://127.0.0.1:${port}`])
    const logFile = join(dataDir, 'server.log')
    const logFd = openSync(logFile, 'a')
    const server = startNext({
      port,
      host: '127.0.0.1',
      logFd,
      env: demoPortalEnv({ port, dataDir, azuriteConnectionString: azurite.connectionString, databaseUrl }),
    })
    cleanups.push(async () => {
      if (server.exitCode === null && server.signalCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve))
        server.kill('SIGTERM')
        await exited
      }
      closeSync(logFd)
    })
    const base = new URL(`http://127.0.0.1:${port}`)
    await waitForHealthy(new URL('/api/v1/health/ready', base).toString(), server, 120_000)
    return { base, databaseUrl, logFile, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

// ---------------------------------------------------------------------------------------------------------
// Identities

async function signIn(base: URL, agent: http.Agent, email: string): Promise<string> {
  const answer = await send(base, agent, {
    method: 'POST',
    target: '/api/v1/accounts/login',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  })
  if (answer.status !== 200) throw new Error(`sign-in as ${email} answered ${answer.status}: ${answer.body.slice(0, 300)}`)
  return (JSON.parse(answer.body) as { access_token: string }).access_token
}

class Identities {
  readonly tokens = new Map<SignedIn, string>()
  relogins = 0
  constructor(
    private readonly base: URL,
    private readonly agent: http.Agent,
  ) {}

  async signInAll() {
    for (const who of Object.keys(IDENTITY_EMAILS) as SignedIn[])
      this.tokens.set(who, await signIn(this.base, this.agent, IDENTITY_EMAILS[who]))
  }

  /** After a batch with a 2xx (a fuzzed logout ends the session), sign in again whoever lost their session. */
  async ensureSignedIn() {
    for (const [who, token] of this.tokens) {
      const me = await send(this.base, this.agent, {
        method: 'GET',
        target: '/api/v1/accounts/me',
        headers: { authorization: `Bearer ${token}` },
      })
      if (me.status === 200) continue
      this.tokens.set(who, await signIn(this.base, this.agent, IDENTITY_EMAILS[who]))
      this.relogins++
    }
  }

  authorization(identity: Identity, anonymous: AnonymousAuth): string | undefined {
    if (identity !== 'anonymous') return `Bearer ${this.tokens.get(identity)}`
    switch (anonymous) {
      case 'none':
        return undefined
      case 'empty-bearer':
        return 'Bearer '
      case 'garbage-bearer':
        return 'Bearer not.a.jwt'
      case 'basic':
        return 'Basic ' + Buffer.from('superadmin@example.com:x').toString('base64')
      case 'tampered-token': {
        const token = this.tokens.get('staff')!
        return `Bearer ${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Checks

type FailureKind = 'status>=500' | 'socket error' | 'error body' | 'data changed by a 4xx' | 'anonymous 2xx on a secured call'

interface Sent {
  op: Operation
  caseIndex: number
  identity: Identity
  request: FuzzRequest
  headers: Record<string, string>
}

interface Failure {
  kind: FailureKind
  sent: Sent
  status?: number
  detail: string
}

const excerpt = (text: string | undefined, max: number) => {
  if (text === undefined) return '(no body)'
  const json = JSON.stringify(text.length > max ? text.slice(0, max) : text)
  return text.length > max ? `${json}… (${text.length} chars)` : json
}

/** The contract problems of one answer (none when it is fine). */
function checkAnswer(sent: Sent, answer: Answer): Failure[] {
  const failures: Failure[] = []
  if (answer.status >= 500) failures.push({ kind: 'status>=500', sent, status: answer.status, detail: answer.body })
  if (answer.status >= 400 && answer.status < 500) {
    let problem: string | undefined
    if (!/^application\/json/i.test(answer.contentType)) problem = `content-type ${answer.contentType || '(none)'}`
    else {
      try {
        const parsed = errorBodySchema.safeParse(JSON.parse(answer.body))
        if (!parsed.success)
          problem = `not the catalogue error body (codes: ${ERROR_CODES.join(', ')}): ${parsed.error.issues[0]?.message}`
      } catch {
        problem = 'body is not JSON'
      }
    }
    if (problem)
      failures.push({
        kind: 'error body',
        sent,
        status: answer.status,
        detail: `${problem}; answer ${excerpt(answer.body, 300)}`,
      })
  }
  if (sent.identity === 'anonymous' && sent.op.secured && answer.status >= 200 && answer.status < 300) {
    failures.push({ kind: 'anonymous 2xx on a secured call', sent, status: answer.status, detail: excerpt(answer.body, 300) })
  }
  return failures
}

// ---------------------------------------------------------------------------------------------------------
// The run

interface Figures {
  operations: number
  requests: number
  byStatus: Map<string, number>
  batches: number
  twoXxBatches: number
  dataChecks: number
  slowest: { key: string; ms: number }[]
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!)
    }),
  )
}

function order(operations: Operation[]): Operation[] {
  // Deletions and sign-out last, so the ids the other operations reuse still exist while they run.
  const rank = (op: Operation) => (op.key.includes('/accounts/logout') ? 2 : op.method === 'DELETE' ? 1 : 0)
  return [...operations].sort((a, b) => rank(a) - rank(b))
}

async function harvestIds(base: URL, agent: http.Agent, operations: Operation[], identities: Identities): Promise<IdSource> {
  const seen = new Set<string>()
  for (const op of operations) {
    if (op.method !== 'GET' || op.pathParams.length || op.key.includes('openapi')) continue
    for (const token of identities.tokens.values()) {
      const answer = await send(base, agent, { method: 'GET', target: op.path, headers: { authorization: `Bearer ${token}` } })
      if (answer.status === 200)
        for (const id of answer.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? []) seen.add(id)
    }
  }
  return idsFromAnswers(seen)
}

async function main(): Promise<number> {
  const options = readOptions()
  const started = performance.now()
  let target: Target
  try {
    target = await startTarget(options)
  } catch (error) {
    console.error(`The server did not start: ${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency + 2 })
  let watch: DataWatch | undefined
  try {
    const base = target.base
    const docAnswer = await send(base, agent, { method: 'GET', target: '/api/v1/openapi.json', headers: {} })
    if (docAnswer.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${docAnswer.status}`)
    const doc = JSON.parse(docAnswer.body) as OpenApiDocument
    const all = operationsOf(doc)
    const exact = all.filter((op) => op.key === options.operation)
    const operations = order(exact.length ? exact : all.filter((op) => !options.operation || op.key.includes(options.operation)))
    if (!operations.length) throw new Error(`no operation matches "${options.operation}"`)

    const identities = new Identities(base, agent)
    await identities.signInAll()

    let ids: IdSource
    if (target.databaseUrl) {
      watch = await DataWatch.open(target.databaseUrl)
      const own = await watch.query<{ id: string }>(
        `select bu.business_id::text as id from business_users bu join users u on u.id = bu.user_id join roles r on r.id = bu.role_id
          where u.email = $1 and r.name = 'BUSINESS_OWNER' order by bu.business_id`,
        [IDENTITY_EMAILS.owner],
      )
      const membership = await watch.query<{ n: number }>(
        `select count(*)::int as n from business_users bu join users u on u.id = bu.user_id join roles r on r.id = bu.role_id
          where u.email = $1 and r.name = 'BUSINESS_MEMBER' and bu.business_id = any($2::uuid[])`,
        [IDENTITY_EMAILS.member, own.map((r) => r.id)],
      )
      if (!own.length || !membership[0]?.n)
        throw new Error('the demo seed no longer has owner@example.com owning a business bisi.adewale@example.com is a member of')
      ids = await idsFromDatabase(
        watch,
        own.map((r) => r.id),
      )
      console.log(
        `Data checks: ${watch.checkedTables.length} tables; not checked: ${Object.entries(UNCHECKED_TABLES)
          .map(([t, why]) => `${t} (${why})`)
          .join(', ')}; columns not checked: ${Object.entries(UNCHECKED_COLUMNS)
          .map(([t, cols]) => `${t}.${cols.join(',')}`)
          .join(', ')}; rows not checked: ${Object.entries(UNCHECKED_ROWS)
          .map(([t, { where, why }]) => `${t} where ${where} (${why})`)
          .join(', ')}`,
      )
    } else {
      ids = await harvestIds(base, agent, all, identities)
      console.log(
        'Data checks SKIPPED: no PostgreSQL (set FUZZ_DATABASE_URL); the server runs on PGlite, which only it can open.',
      )
    }
    console.log(
      `Fuzzing ${operations.length} operations x ${options.caseIndex !== undefined ? `case ${options.caseIndex} only` : `${options.cases} cases`} x ${IDENTITIES.length} identities, seed ${options.seed}, ${options.concurrency} in flight`,
    )

    const resolve = schemaResolver(doc)
    const failures: Failure[] = []
    const figures: Figures = {
      operations: operations.length,
      requests: 0,
      byStatus: new Map(),
      batches: 0,
      twoXxBatches: 0,
      dataChecks: 0,
      slowest: [],
    }
    // Not a failure (a redirect is no error answer), but worth seeing: Next answers some odd paths itself.
    const redirects: string[] = []
    let baseline: Snapshot | undefined = watch ? await watch.snapshot() : undefined

    const sendOne = async (sent: Sent) => {
      figures.requests++
      try {
        const answer = await send(base, agent, {
          method: sent.op.method,
          target: sent.request.target,
          headers: sent.headers,
          body: sent.request.body,
          chunked: sent.request.chunked,
        })
        const key =
          answer.status >= 500
            ? String(answer.status)
            : answer.status >= 400
              ? String(answer.status)
              : `${String(answer.status)[0]}xx`
        figures.byStatus.set(key, (figures.byStatus.get(key) ?? 0) + 1)
        failures.push(...checkAnswer(sent, answer))
        if (answer.status >= 300 && answer.status < 400 && redirects.length < 5)
          redirects.push(`${sent.op.method} ${sent.request.target.slice(0, 200)} -> ${answer.status}`)
        return answer
      } catch (error) {
        figures.byStatus.set('socket error', (figures.byStatus.get('socket error') ?? 0) + 1)
        failures.push({
          kind: 'socket error',
          sent,
          detail: error instanceof Error ? `${error.message} ${(error as NodeJS.ErrnoException).code ?? ''}` : String(error),
        })
        return undefined
      }
    }

    for (const op of operations) {
      const opStarted = performance.now()
      const cases = await casesFor(op, { resolve, ids, seed: options.seed, count: options.cases })
      // One batch per identity: a 2xx (which refreshes the baseline) then only spares that identity's batch from the check.
      for (const identity of IDENTITIES) {
        const batch: Sent[] = []
        cases.forEach((request, caseIndex) => {
          if (options.caseIndex !== undefined && caseIndex !== options.caseIndex) return
          const authorization = identities.authorization(identity, request.anonymousAuth)
          batch.push({
            op,
            caseIndex,
            identity,
            request,
            headers: { ...request.headers, ...(authorization ? { authorization } : {}) },
          })
        })
        const statuses: number[] = []
        await pool(batch, options.concurrency, async (sent) => {
          const answer = await sendOne(sent)
          if (answer) statuses.push(answer.status)
        })
        figures.batches++
        const had2xx = statuses.some((s) => s >= 200 && s < 300)
        if (watch && baseline) {
          const after = await watch.snapshot()
          if (had2xx) {
            figures.twoXxBatches++
            baseline = after
          } else {
            figures.dataChecks++
            const changed = changedTables(baseline, after)
            if (changed.length) {
              failures.push(...(await pinpointDataChange(watch, batch, changed, (sent) => resend(base, agent, sent))))
              baseline = await watch.snapshot()
            } else {
              baseline = after
            }
          }
        }
        // A fuzzed sign-out may have ended a session; the next batch builds its headers from the tokens again.
        if (had2xx) await identities.ensureSignedIn()
      }
      figures.slowest.push({ key: op.key, ms: performance.now() - opStarted })
      const done = figures.slowest.length
      if (done % 25 === 0)
        console.log(
          `  … ${done}/${operations.length} operations, ${figures.requests} requests, ${((performance.now() - started) / 1000).toFixed(0)}s`,
        )
    }

    if (redirects.length) console.log(`\nRedirects (not failures):\n  ${redirects.join('\n  ')}`)
    printReport({
      options,
      figures,
      failures,
      seconds: (performance.now() - started) / 1000,
      dataChecked: !!watch,
      relogins: identities.relogins,
      logFile: target.logFile,
    })
    return failures.length ? 1 : 0
  } catch (error) {
    console.error(`The fuzz run could not finish: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`)
    return 2
  } finally {
    agent.destroy()
    await watch?.close().catch(() => undefined)
    await target.stop()
  }
}

const resend = (base: URL, agent: http.Agent, sent: Sent) =>
  send(base, agent, {
    method: sent.op.method,
    target: sent.request.target,
    headers: sent.headers,
    body: sent.request.body,
    chunked: sent.request.chunked,
  }).catch(() => undefined)

/**
 * A batch of only 4xx answers changed data: send its requests again one by one, each between two snapshots, to
 * name the request that does it. When none does on replay, the batch itself is reported.
 */
async function pinpointDataChange(
  watch: DataWatch,
  batch: Sent[],
  changed: string[],
  resend: (sent: Sent) => Promise<Answer | undefined>,
): Promise<Failure[]> {
  const found: Failure[] = []
  let before = await watch.snapshot()
  for (const sent of batch.slice(0, 400)) {
    const answer = await resend(sent)
    const after = await watch.snapshot()
    const diff = changedTables(before, after)
    if (diff.length && answer && answer.status >= 400 && answer.status < 500) {
      found.push({
        kind: 'data changed by a 4xx',
        sent,
        status: answer.status,
        detail: `changed ${diff.join(', ')}; answer ${excerpt(answer.body, 300)}`,
      })
    }
    before = after
  }
  if (found.length) return found
  return [
    {
      kind: 'data changed by a 4xx',
      sent: batch[0]!,
      detail: `the batch (all 4xx) changed ${changed.join(', ')}; no single request did so again on replay`,
    },
  ]
}

function printReport(input: {
  options: Options
  figures: Figures
  failures: Failure[]
  seconds: number
  dataChecked: boolean
  relogins: number
  logFile?: string
}) {
  const { options, figures, failures, seconds } = input
  const serverLog = input.logFile ? safeRead(input.logFile) : ''
  if (failures.length) {
    console.log(`\n== ${failures.length} failure(s) ==`)
    const shown = new Map<string, number>()
    for (const f of failures) {
      // The same problem on the same call is printed three times at most, and counted.
      const group = `${f.kind} ${f.sent.op.key} ${f.status ?? ''}`
      const count = (shown.get(group) ?? 0) + 1
      shown.set(group, count)
      if (count > 3) continue
      console.log(`\n[${f.kind}] ${f.sent.op.method} ${f.sent.request.target.slice(0, 300)}  as ${f.sent.identity}`)
      console.log(
        `  body (${f.sent.request.bodyKind}${f.sent.request.chunked ? ', chunked' : ''}): ${excerpt(f.sent.request.body, 200)}`,
      )
      console.log(`  content-type: ${f.sent.headers['content-type'] ?? '(none)'}; status: ${f.status ?? '-'}`)
      console.log(`  answer/detail: ${excerpt(f.detail, 400)}`)
      const requestId = /request id ([0-9a-f-]{36})/.exec(f.detail)?.[1]
      const logged = requestId
        ? serverLog.split('\n').find((line) => line.includes(requestId) && line.includes('"err"'))
        : undefined
      if (logged) console.log(`  server log: ${serverError(logged)}`)
      console.log(
        `  reproduce: FUZZ_SEED=${options.seed} FUZZ_OPERATION='${f.sent.op.key}' FUZZ_CASE=${f.sent.caseIndex} npm run test:fuzz`,
      )
    }
    for (const [group, count] of shown) if (count > 3) console.log(`  … ${count - 3} more of: ${group}`)
  }
  const failureCounts = new Map<string, number>()
  for (const f of failures) failureCounts.set(f.kind, (failureCounts.get(f.kind) ?? 0) + 1)
  const statuses = [...figures.byStatus.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([s, n]) => `${s}: ${n}`)
  const slowest = [...figures.slowest]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((s) => `${s.key} ${(s.ms / 1000).toFixed(1)}s`)
  console.log('\n== Contract fuzz ==')
  console.log(`operations:        ${figures.operations}`)
  console.log(`requests:          ${figures.requests}`)
  console.log(`seconds:           ${seconds.toFixed(1)}`)
  console.log(`answers by status: ${statuses.join(', ')}`)
  console.log(
    `2xx (allowed):     ${figures.byStatus.get('2xx') ?? 0}, in ${figures.twoXxBatches} of ${figures.batches} batches (operation x identity; baseline refreshed there)`,
  )
  console.log(
    `data checks:       ${input.dataChecked ? `${figures.dataChecks} of ${figures.batches} batches compared before/after (all answers 4xx)` : 'SKIPPED (no PostgreSQL)'}`,
  )
  console.log(`re-sign-ins:       ${input.relogins} (after fuzzed sign-outs)`)
  console.log(`slowest batches:   ${slowest.join('; ')}`)
  console.log(
    `failures:          ${failures.length}${failures.length ? ` (${[...failureCounts].map(([k, n]) => `${k}: ${n}`).join(', ')})` : ''}`,
  )
  console.log(failures.length ? 'FAIL' : 'PASS')
}

/** The error of a server log line: its message's end and its cause (a failed query's own message is in the cause). */
function serverError(line: string): string {
  try {
    const { err } = JSON.parse(line) as {
      err?: { type?: string; message?: string; stack?: string; cause?: { message?: string } }
    }
    const message = err?.message ?? ''
    const frame = err?.stack
      ?.split('\n')
      .find((l) => l.includes('/server/') || l.includes('/lib/'))
      ?.trim()
    return `${err?.type ?? 'Error'}: ${message.length > 200 ? `…${message.slice(-200)}` : message}${err?.cause?.message ? ` | cause: ${err.cause.message}` : ''}${frame ? ` | ${frame}` : ''}`
  } catch {
    return excerpt(line, 800)
  }
}

function safeRead(path: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return ''
  }
}

process.exitCode = await main()
