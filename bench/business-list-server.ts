/**
 * Bench-only entry for bench/business-list.ts: the business API on a throwaway database filled with generated
 * businesses, with an access token for the demo super admin.
 *
 *   node --import tsx bench/business-list-server.ts --rows=N [--database-url=postgres://…] [--path=list|queue] [--top-up]
 *
 * --top-up: --rows is the total wanted, not the rows to add: only the missing ones are generated (a kept database
 * reused by several runs, e.g. 1M businesses generated once).
 * Without --database-url: a fresh PGlite under a temporary DATA_DIR (deleted on stop). With it: that PostgreSQL
 * database (the caller creates and drops it). Either way it migrates, seeds the demo users, inserts the rows
 * (bench/generate-businesses.ts), runs VACUUM ANALYZE on businesses (the state autovacuum reaches in production),
 * With --path=queue also the audit rows the review queue reads (generateQueueAudits, VACUUM ANALYZE audits too), and
 * explain/profile capture findForApproval() (GET /businesses/for-approval) instead of findBusinesses().
 * then serves and prints one line `{"ready":true,"port":…,"token":"…","dataDir":"…","generation":{…}}`.
 *
 * stdin takes one JSON command per line and answers one JSON line `{"reply":id,…}`:
 *   {"id":1,"cmd":"explain","query":"businessName=ade&…"}   the SQL findBusinesses() generates for that query
 *                                                            string, each statement with EXPLAIN (ANALYZE, BUFFERS)
 *   {"id":2,"cmd":"profile","queries":["…"],"iterations":2}  time each of those statements alone, per query string
 * Stops (and deletes its data dir) on SIGTERM, SIGINT or when stdin closes.
 */
import { createInterface } from 'node:readline'
import { createStopper, freePort, prepareBenchEnvironment, superadminToken } from './server-kit'

const flag = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const rows = Number(flag('rows') ?? 100_000)
if (!Number.isInteger(rows) || rows < 0) throw new Error(`Invalid --rows: ${flag('rows')}`)
const databaseUrl = flag('database-url')
const target = flag('path') ?? 'list'
const topUp = process.argv.includes('--top-up')
if (target !== 'list' && target !== 'queue') throw new Error(`Invalid --path: ${target}`)
// BENCH_LIST_PORT: a fixed port (e.g. where only a range of ports is free to use); else any free one.
const port = process.env.BENCH_LIST_PORT ? Number(process.env.BENCH_LIST_PORT) : await freePort()

const dataDir = prepareBenchEnvironment({ prefix: 'kyc-bench-list-', port, databaseUrl })
if (topUp) {
  // A kept database outlives the data dir where the secrets would be generated: the demo seed's encrypted identity
  // numbers must decrypt on the next run, so the data keys are fixed (bench data only, never a real key).
  const { createHash } = await import('node:crypto')
  const benchKey = (label: string) => createHash('sha256').update(`kyc-bench-kept-database:${label}`).digest('base64')
  process.env.DATA_ENCRYPTION_KEYS ||= `bench:${benchKey('data')}`
  process.env.DATA_INDEX_KEY ||= benchKey('index')
}

// The bench measures the search's statements: the same fragment asked again within 5 s would be answered from memory
// (server/db/answer-cache.ts), which says nothing of the plan.
process.env.ANSWER_CACHE_MS = '0'

const { sql } = await import('drizzle-orm')
const { serve } = await import('@hono/node-server')
const { createApp } = await import('@/server/app')
const { getDatabaseHandle } = await import('@/server/db/client')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
seedOnOpen()
const { businessListQuerySchema } = await import('@/lib/contracts/businesses')
const { findBusinesses } = await import('@/server/modules/businesses/find-businesses')
const { forApprovalQuerySchema } = await import('@/lib/contracts/reviews')
const { findForApproval } = await import('@/server/modules/reviews/find-for-approval')
const { loadActor } = await import('@/server/auth/load-actor')
const { verifyAccessToken } = await import('@/server/auth/tokens')
const { generateBusinesses, generateQueueAudits } = await import('./generate-businesses')
const { statementKind } = await import('./business-list')

let server: ReturnType<typeof serve> | undefined
const stop = createStopper(dataDir, () => server)

/** Set once the data is in; commands before that are answered with an error. */
let handlers:
  { explain: (query: string) => Promise<object>; profile: (queries: string[], iterations: number) => Promise<object> } | undefined
// stdin is the lifeline from the start (generation takes a while): it closing means the parent is gone.
createInterface({ input: process.stdin })
  .on('line', (line) => {
    void (async () => {
      let command: { id?: number; cmd?: string; query?: string; queries?: string[]; iterations?: number }
      try {
        command = JSON.parse(line) as typeof command
      } catch {
        return
      }
      try {
        const result = !handlers
          ? { error: 'not ready' }
          : command.cmd === 'explain'
            ? await handlers.explain(command.query ?? '')
            : command.cmd === 'profile'
              ? await handlers.profile(command.queries ?? [], command.iterations ?? 1)
              : { error: `unknown command ${command.cmd}` }
        process.stdout.write(`${JSON.stringify({ reply: command.id, ...result })}\n`)
      } catch (error) {
        process.stdout.write(
          `${JSON.stringify({ reply: command.id, error: error instanceof Error ? error.message : String(error) })}\n`,
        )
      }
    })()
  })
  .on('close', () => void stop(0))

/** pg's Pool and PGlite both answer `query(text, params)` with `{ rows }`; drizzle calls `query(textOrConfig, params, …)`. */
interface RawClient {
  query: (text: unknown, params?: unknown[], ...rest: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
}
interface Statement {
  sql: string
  params: unknown[]
}

try {
  const openStarted = performance.now()
  const handle = await getDatabaseHandle() // migrates and seeds the demo users
  const { db } = handle
  const openMs = performance.now() - openStarted
  const client = (db as unknown as { $client: RawClient }).$client

  const accessToken = await superadminToken()

  // Progress on a terminal only (a log would get one line per batch).
  const progress = process.stderr.isTTY
  const existing = topUp
    ? Number(
        ((await db.execute(sql`select count(*)::int as n from businesses`)) as unknown as { rows: { n: number }[] }).rows[0]?.n ??
          0,
      )
    : 0
  const report = await generateBusinesses(db, {
    rows: Math.max(0, rows - existing),
    onProgress: progress
      ? (done, total) =>
          process.stderr.write(`\r[${handle.kind}] generated ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`)
      : undefined,
  })
  if (progress) process.stderr.write('\n')
  const auditRows = target === 'queue' ? await generateQueueAudits(db) : undefined
  // BENCH_LIST_RISK_TIER (business-list.ts): tiers in force spread over the rows as assessments would leave them
  // (LOW 60 %, MEDIUM 25 %, HIGH 10 %, PROHIBITED 1 %, the rest not assessed), for the list's `riskTier` filter.
  if (process.env.BENCH_LIST_RISK_TIER)
    await db.execute(sql`update businesses set risk_tier = case
      when abs(hashtext(id::text)) % 100 < 60 then 'LOW' when abs(hashtext(id::text)) % 100 < 85 then 'MEDIUM'
      when abs(hashtext(id::text)) % 100 < 95 then 'HIGH' when abs(hashtext(id::text)) % 100 < 96 then 'PROHIBITED' end`)
  const vacuumStarted = performance.now()
  await db.execute(sql`vacuum analyze businesses`)
  if (target === 'queue') await db.execute(sql`vacuum analyze audits`)
  const vacuumAnalyzeMs = performance.now() - vacuumStarted
  const [counts] = (
    (await db.execute(
      sql`select count(*)::int as total, pg_total_relation_size('businesses')::bigint as bytes from businesses`,
    )) as unknown as {
      rows: { total: number; bytes: string | number }[]
    }
  ).rows

  const claims = await verifyAccessToken(accessToken)
  const actor = typeof claims === 'string' ? null : await loadActor(db, claims)
  if (!actor) throw new Error('The bench token does not load an actor')
  const run = async (queryString: string) => {
    const params = Object.fromEntries(new URLSearchParams(queryString))
    if (target === 'queue') await findForApproval({ db, actor, query: forApprovalQuerySchema.parse(params) })
    else await findBusinesses({ db, query: businessListQuerySchema.parse(params) })
  }

  /** Runs the service once for the query string, recording the statements it sends (the exact generated SQL). */
  async function capture(queryString: string): Promise<Statement[]> {
    const statements: Statement[] = []
    const original = client.query
    client.query = function (this: unknown, text: unknown, params?: unknown[], ...rest: unknown[]) {
      const sqlText = typeof text === 'string' ? text : (text as { text: string }).text
      statements.push({ sql: sqlText, params: params ?? [] })
      return original.call(this, text, params, ...rest)
    } as RawClient['query']
    try {
      await run(queryString)
    } finally {
      client.query = original
    }
    return statements
  }

  const planOf = async (statement: Statement) =>
    (await client.query(`explain (analyze, buffers) ${statement.sql}`, statement.params)).rows.map((r) =>
      String(Object.values(r)[0]),
    )

  async function explain(queryString: string) {
    const statements = await capture(queryString)
    const out: { sql: string; params: unknown[]; plan: string[] }[] = []
    for (const s of statements) out.push({ ...s, plan: await planOf(s) })
    return { statements: out }
  }

  const kindOf = (s: Statement, i: number) => statementKind(s.sql, i)

  /** Each statement alone, `iterations` times per query string: where the time of one list call goes. */
  async function profile(queryStrings: string[], iterations: number) {
    const queries: { query: string; ms: Record<string, number[]> }[] = []
    for (const query of queryStrings) {
      const statements = await capture(query)
      const ms: Record<string, number[]> = {}
      for (let n = 0; n < iterations; n++) {
        for (const [i, s] of statements.entries()) {
          const started = performance.now()
          await client.query(s.sql, s.params)
          ;(ms[kindOf(s, i)] ??= []).push(performance.now() - started)
        }
      }
      queries.push({ query, ms })
    }
    return { queries }
  }

  handlers = { explain, profile }

  const app = createApp()
  server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
    const generation = {
      ...report,
      auditRows,
      openAndSeedMs: openMs,
      vacuumAnalyzeMs,
      tableRows: counts?.total,
      tableBytes: Number(counts?.bytes ?? 0),
    }
    process.stdout.write(
      `${JSON.stringify({ ready: true, port: info.port, token: accessToken, dataDir, backend: handle.kind, generation })}\n`,
    )
  })
  server.on('error', (error) => {
    console.error(error)
    void stop(1)
  })
} catch (error) {
  console.error(error)
  await stop(1)
}
