/**
 * The plans of the operations dashboard's statements, on a database `bench/operations-dashboard.ts --keep` left behind:
 * runs `findOperationsDashboard` once and prints `EXPLAIN (ANALYZE, BUFFERS, TIMING OFF)` of each statement it sends (as
 * the dashboard runs them), then its answer's totals.
 *
 *   npx tsx bench/operations-dashboard-plans.ts --url=postgres://postgres@127.0.0.1:5432/DB [--queue=BUSINESS_REVIEW]
 *                                                [--days=365] [--time=N] [--answer]
 */
import type { SQL } from 'drizzle-orm'
import { parseIntFlag } from './generate-businesses'
import { freePort, prepareBenchEnvironment } from './server-kit'

const argv = process.argv.slice(2)
const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3)
const url = flag('url')
if (!url) throw new Error('--url=postgres://… (a database the bench kept)')
const queue = (flag('queue') ?? 'BUSINESS_REVIEW') as 'BUSINESS_REVIEW'
const days = parseIntFlag(argv, 'days', 365, 1)
const times = parseIntFlag(argv, 'time', 0, 0)
prepareBenchEnvironment({ prefix: 'kyc-operations-plans-', port: await freePort(), databaseUrl: url })
process.env.SEED_DEMO = 'false'
process.env.MIGRATE_ON_START ??= 'false'

const { sql } = await import('drizzle-orm')
const { PgDialect } = await import('drizzle-orm/pg-core')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { rowsOf } = await import('@/server/db/rows-of')
const { findOperationsDashboard } = await import('@/server/modules/operations/operations-dashboard')

const dialect = new PgDialect()
const day = (offsetDays: number) => new Date(Date.now() + 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10)

try {
  const db = await getDb()
  type Exec = { execute: (query: SQL) => Promise<unknown> }
  const explaining = <T extends Exec>(tx: T): T =>
    new Proxy(tx, {
      get(target, key, receiver) {
        if (key !== 'execute') return Reflect.get(target, key, receiver)
        return async (query: SQL) => {
          const { sql: text, params } = dialect.sqlToQuery(query)
          if (!/^\s*(SET |SELECT set_config)/.test(text)) {
            const plan = rowsOf<{ 'QUERY PLAN': string }>(
              await target.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) ${inline(text, params)}`)),
            )
            console.log(`\n${text.replace(/\s+/g, ' ').slice(0, 160)}…\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`)
          }
          return target.execute(query)
        }
      },
    })
  const traced = new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'transaction') return (fn: (tx: Exec) => Promise<unknown>) => target.transaction((tx) => fn(explaining(tx)))
      if (key === 'execute') return explaining(target).execute
      return Reflect.get(target, key, receiver)
    },
  })
  const actor = {
    userId: '00000000-0000-0000-0000-000000000000',
    staffPermissions: new Set(['CAN_SUPERVISE_QUEUES']),
    permissions: new Set(['CAN_SUPERVISE_QUEUES']),
    memberships: [],
    isStaff: true,
  } as never
  const query = { from: day(days), to: day(0), queue }
  if (times) {
    // `--time=N`: no plans, N calls one after the other (after 3 warm-up calls), their times in ms, sorted.
    const ms: number[] = []
    for (let i = 0; i < times + 3; i++) {
      const started = performance.now()
      await findOperationsDashboard({ db, actor, query })
      if (i >= 3) ms.push(Math.round(performance.now() - started))
    }
    console.log(JSON.stringify({ queue, days, ms: ms.sort((a, b) => a - b) }))
  }
  const answer = await findOperationsDashboard({ db: times ? db : traced, actor, query })
  // `--answer`: the whole answer (to compare two versions on one database), else its totals.
  const { generatedAt: _, ...figures } = answer
  console.log(
    JSON.stringify(
      argv.includes('--answer')
        ? figures
        : { totals: answer.totals, timeToDecision: answer.timeToDecision, breaches: answer.breaches },
    ),
  )
} finally {
  await closeDatabase().catch(() => undefined)
}

/** The parameters written into the text: EXPLAIN takes no bind parameters through `execute`. */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1]
    if (value === null || value === undefined) return 'NULL'
    if (typeof value === 'number' || typeof value === 'boolean') return String(value)
    const literal = value instanceof Date ? value.toISOString() : String(value)
    return `'${literal.replace(/'/g, "''")}'`
  })
}
