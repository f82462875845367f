import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { sql } from 'drizzle-orm'
import type { OperationsDashboard, OperationsDashboardQuery } from '@/lib/contracts/operations'
import {
  AGE_BUCKET_FROM_DAYS,
  AGE_BUCKET_LABELS,
  AGE_BUCKETS,
  DASHBOARD_QUEUE_LABELS,
  KYC_STOP_LABELS,
  KYC_STOPS,
  type AgeBucket,
  type KycStop,
} from '@/lib/contracts/operations-values'
import { startOfLagosDay } from '@/lib/format/business-days'
import { addIsoDays } from '@/lib/format/iso-day'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { openItemsOf } from '@/server/modules/service-levels/queue-sources'
import { QUEUE_HISTORIES, registeredIn } from './queue-history'

/** Who may read the dashboard: supervisors (it names each reviewer's workload). */
export const DASHBOARD_READERS = [P.CAN_SUPERVISE_QUEUES] as const

/**
 * Runs one of the dashboard's statements in its own short transaction (SET LOCAL), so the four still run in parallel on
 * the pool, with three of PostgreSQL's settings for that transaction only (bench/results/issue-41-operations-dashboard.md):
 * JIT compilation off (their plans cost past its threshold at 100,000 businesses, and compiling took longer than
 * running); no parallel workers (the four statements already share the machine's cores, and each worker rebuilt the
 * same hash table); and 16 MB of sort and hash memory, so a year's decisions are kept and sorted in memory, not spilled
 * to temporary files.
 */
function inOwnTransaction<T>(db: Executor, statement: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One round trip: set_config(…, true) is SET LOCAL.
    await tx.execute(
      sql`SELECT set_config('jit', 'off', true), set_config('max_parallel_workers_per_gather', '0', true), set_config('work_mem', '16MB', true)`,
    )
    return statement(tx)
  })
}

/** A Lagos month `YYYY-MM` of a timestamptz column (Africa/Lagos is UTC+01:00 all year). */
const lagosMonth = (column: string) => sql.raw(`date_trunc('month', (${column} AT TIME ZONE 'UTC') + interval '1 hour')`)
/** The month of `lagosMonth` as `YYYY-MM`: formatted once per month, after grouping (to_char per row cost more). */
const monthKey = (column: string) => sql.raw(`to_char(${column}, 'YYYY-MM')`)

/** The Lagos months `YYYY-MM` from one day to another, both included. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = []
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number]
  const last = to.slice(0, 7)
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`
    if (key > last) return months
    months.push(key)
    month++
    if (month > 12) {
      month = 1
      year++
    }
  }
}

/** A float8[] as the driver gives it: an array (node-postgres), or its text `{1.5,2}` (PGlite may). */
const pgArray = (value: (number | string)[] | string | null): (number | string)[] =>
  value === null ? [] : Array.isArray(value) ? value : value.replace(/[{}]/g, '').split(',').filter(Boolean)

const round1 = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10

/**
 * `GET /operations/dashboard`: one queue over a period of whole Lagos days (docs/operations-dashboard.md#definitions):
 * items in and out (by month), time from entry to decision (median and 90th percentile), the open backlog now by age,
 * the share of decisions that had breached their service level, each reviewer's open and decided items, where the
 * applicants registered in the period stand in the KYC, and the most frequent reasons of negative decisions.
 */
export async function findOperationsDashboard(options: {
  db: Executor
  actor: Actor
  query: OperationsDashboardQuery
  now?: Date
}): Promise<OperationsDashboard> {
  const { db, query, now = new Date() } = options
  assertStaffWithAny(options.actor, ...DASHBOARD_READERS)
  const start = startOfLagosDay(query.from)
  const end = startOfLagosDay(addIsoDays(query.to, 1))
  const history = QUEUE_HISTORIES[query.queue]

  const bucketCase = sql.raw(
    `CASE ${[...AGE_BUCKETS]
      .reverse()
      .map((b) => `WHEN age_days >= ${AGE_BUCKET_FROM_DAYS[b]} THEN '${b}'`)
      .join(' ')} END`,
  )

  const [entries, decided, open, stops] = await Promise.all([
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`SELECT ${monthKey('m.month')} AS month, m.n FROM (SELECT ${lagosMonth('e.entered_at')} AS month, count(*)::int AS n
      FROM (${history.entries(start, end)}) e GROUP BY 1) m`),
    ),
    // One statement over the period's decisions (the CTE is computed once): per month, the times, the breaches,
    // per reviewer and the reasons.
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`WITH d AS MATERIALIZED (
        SELECT d.item_id, d.entered_at, d.decided_at, d.decided_by, d.negative, d.reason, d.breached,
          -- date_part: double precision, which percentile_cont sorts anyway (extract's numeric took twice as long).
          greatest(date_part('epoch', d.decided_at - d.entered_at), 0) / 3600 AS hours
        FROM (${history.decisions(start, end)}) d)
      SELECT
        (SELECT json_agg(json_build_array(${monthKey('m.month')}, m.n)) FROM
          (SELECT ${lagosMonth('decided_at')} AS month, count(*)::int AS n FROM d GROUP BY 1) m) AS by_month,
        (SELECT count(*)::int FROM d) AS decided,
        ${
          history.storesBreach
            ? sql`(SELECT count(*)::int FROM d WHERE breached) AS breached,`
            : // A join, not a lookup per decision; an item escalated twice in one wait counts once.
              sql`(SELECT count(*)::int FROM (SELECT DISTINCT d.item_id, d.decided_at FROM d
          JOIN queue_breaches qb ON qb.queue = ${query.queue} AND qb.item_id = d.item_id
            AND qb.breached_at >= d.entered_at AND qb.breached_at <= d.decided_at) b) AS breached,`
        }
        -- Both percentiles from one sort.
        (SELECT percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY hours) FROM d) AS percentiles,
        (SELECT json_agg(json_build_array(r.decided_by, r.n)) FROM
          (SELECT decided_by, count(*)::int AS n FROM d WHERE decided_by IS NOT NULL GROUP BY 1) r) AS by_reviewer,
        (SELECT json_agg(json_build_array(x.reason, x.n) ORDER BY x.n DESC, x.reason) FROM
          (SELECT btrim(reason) AS reason, count(*)::int AS n FROM d WHERE negative AND btrim(coalesce(reason, '')) <> ''
            GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10) x) AS reasons`),
    ),
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`WITH o AS MATERIALIZED (
        SELECT q.assignee_id, floor(date_part('epoch', ${now}::timestamptz - q.entered_at) / 86400) AS age_days
        FROM ${openItemsOf(query.queue)})
      SELECT
        (SELECT json_agg(json_build_array(b.bucket, b.n)) FROM
          (SELECT ${bucketCase} AS bucket, count(*)::int AS n FROM o GROUP BY 1) b) AS buckets,
        (SELECT json_agg(json_build_array(a.assignee_id, a.n)) FROM
          (SELECT assignee_id, count(*)::int AS n FROM o WHERE assignee_id IS NOT NULL GROUP BY 1) a) AS by_assignee`),
    ),
    // The step last saved: the newest draft (drafts are discarded when the KYC is marked complete); submitted once the
    // KYC was marked complete or decided. One pass over the period's registrations (an index-only scan), looking up the
    // drafts of those not submitted only (the CASE evaluates the lookup for them alone).
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`SELECT s.step, count(*)::int AS n FROM (
        SELECT CASE WHEN b.kyc_details_completed OR b.approval_status <> 'PENDING' THEN 'SUBMITTED'
          ELSE coalesce((SELECT f.kyc_detail_type_id FROM draft_forms f WHERE f.business_id = b.id
            ORDER BY f.updated_at DESC LIMIT 1), 'NOT_STARTED') END AS step
        FROM businesses b WHERE ${registeredIn('b', start, end)}) s
      GROUP BY 1`),
    ),
  ])

  type Pairs = [string, number][] | null
  const d = rowsOf<{
    by_month: Pairs
    decided: number
    breached: number
    percentiles: (number | string)[] | string | null
    by_reviewer: Pairs
    reasons: Pairs
  }>(decided)[0]!
  const o = rowsOf<{ buckets: Pairs; by_assignee: Pairs }>(open)[0]!
  const inByMonth = new Map(rowsOf<{ month: string; n: number }>(entries).map((r) => [r.month, Number(r.n)]))
  const outByMonth = new Map(d.by_month ?? [])
  const months = monthsOf(query.from, query.to)
  const buckets = new Map((o.buckets ?? []) as [AgeBucket, number][])
  const openBy = new Map(o.by_assignee ?? [])
  const decidedBy = new Map(d.by_reviewer ?? [])
  const stopCounts = new Map(rowsOf<{ step: KycStop; n: number }>(stops).map((r) => [r.step, Number(r.n)]))

  const ids = [...new Set([...openBy.keys(), ...decidedBy.keys()])]
  const people = ids.length
    ? rowsOf<{ id: string; name: string }>(
        await db.execute(sql`SELECT id, btrim(first_name || ' ' || last_name) AS name FROM users
          WHERE id IN (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`),
      )
    : []
  const nameOf = new Map(people.map((p) => [p.id, p.name]))
  const percentiles = pgArray(d.percentiles)
  const decidedCount = Number(d.decided)
  const breachedCount = Number(d.breached)

  return {
    queue: query.queue,
    period: { from: query.from, to: query.to },
    generatedAt: now.toISOString(),
    totals: {
      in: [...inByMonth.values()].reduce((a, b) => a + b, 0),
      out: decidedCount,
    },
    byMonth: months.map((month) => ({ month, in: inByMonth.get(month) ?? 0, out: outByMonth.get(month) ?? 0 })),
    timeToDecision: { decided: decidedCount, medianHours: round1(percentiles[0]), p90Hours: round1(percentiles[1]) },
    backlog: {
      total: [...buckets.values()].reduce((a, b) => a + b, 0),
      buckets: AGE_BUCKETS.map((bucket) => ({ bucket, label: AGE_BUCKET_LABELS[bucket], count: buckets.get(bucket) ?? 0 })),
    },
    breaches: {
      decided: decidedCount,
      breached: breachedCount,
      rate: decidedCount ? Math.round((breachedCount / decidedCount) * 1000) / 1000 : null,
    },
    reviewers: ids
      .map((userId) => ({
        userId,
        name: nameOf.get(userId) ?? 'A removed user',
        open: openBy.get(userId) ?? 0,
        decided: decidedBy.get(userId) ?? 0,
      }))
      .sort((a, b) => b.open + b.decided - (a.open + a.decided) || a.name.localeCompare(b.name)),
    kycStops: KYC_STOPS.map((step) => ({ step, label: KYC_STOP_LABELS[step], count: stopCounts.get(step) ?? 0 })),
    declineReasons: (d.reasons ?? []).map(([reason, count]) => ({ reason, count })),
  }
}

/** The dashboard as rows of one CSV: section, label, value (each table of the page, one after the other). */
export function dashboardCsvRows(dashboard: OperationsDashboard): string[][] {
  const rows: string[][] = [['section', 'label', 'value']]
  const add = (section: string, label: string, value: number | string | null) =>
    rows.push([section, label, value === null ? '' : String(value)])
  add('period', 'queue', DASHBOARD_QUEUE_LABELS[dashboard.queue])
  add('period', 'from', dashboard.period.from)
  add('period', 'to', dashboard.period.to)
  add('totals', 'in', dashboard.totals.in)
  add('totals', 'out', dashboard.totals.out)
  for (const m of dashboard.byMonth) {
    add('in per month', m.month, m.in)
    add('out per month', m.month, m.out)
  }
  add('time to decision', 'decided', dashboard.timeToDecision.decided)
  add('time to decision', 'median hours', dashboard.timeToDecision.medianHours)
  add('time to decision', '90th percentile hours', dashboard.timeToDecision.p90Hours)
  for (const b of dashboard.backlog.buckets) add('open backlog by age', b.label, b.count)
  add('service level', 'decided', dashboard.breaches.decided)
  add('service level', 'breached', dashboard.breaches.breached)
  add('service level', 'breach rate', dashboard.breaches.rate)
  for (const r of dashboard.reviewers) {
    add('reviewer open', r.name, r.open)
    add('reviewer decided', r.name, r.decided)
  }
  for (const s of dashboard.kycStops) add('kyc stops', s.label, s.count)
  for (const r of dashboard.declineReasons) add('decline reasons', r.reason, r.count)
  return rows
}

/** A spreadsheet must not read a cell as a formula (CSV injection). */
const csvSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value)

/** `GET /operations/dashboard.csv`: the dashboard's tables as one CSV (csv-stringify, every cell quoted), streamed. */
export function streamDashboardCsv(dashboard: OperationsDashboard): ReadableStream<Uint8Array> {
  // Every cell quoted: Excel with ";" as its list separator would otherwise split a reason and run what follows.
  const csv = stringify({ bom: true, quoted: true, quoted_empty: true, cast: { string: csvSafe } })
  Readable.from(dashboardCsvRows(dashboard)).pipe(csv)
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>
}
