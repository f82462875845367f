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

/**
 * The period's Lagos months as the bounds `width_bucket(time, bounds)` sorts a time between: a time of the period falls
 * in bucket i (1-based), the month `months[i - 1]`. The first bound is the period's start (it may be mid-month), then
 * each following month's first day at Lagos midnight. A binary search per row instead of converting each row's time to
 * a Lagos month (date_trunc of the time in another zone took a third of a year's grouping).
 */
function monthBounds(months: readonly string[], start: Date) {
  const bounds = [start, ...months.slice(1).map((month) => startOfLagosDay(`${month}-01`))]
  return sql`ARRAY[${sql.join(
    bounds.map((bound) => sql`${bound.toISOString()}`),
    sql`, `,
  )}]::timestamptz[]`
}

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

  const months = monthsOf(query.from, query.to)
  const bounds = monthBounds(months, start)
  const decisions = history.decisions(start, end)
  const hours = sql.raw(
    // date_part: double precision, which percentile_cont sorts anyway (extract's numeric took twice as long).
    `greatest(date_part('epoch', d.decided_at - d.entered_at), 0) / 3600`,
  )

  const [entries, decided, open, stops] = await Promise.all([
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`SELECT width_bucket(e.entered_at, ${bounds}) AS month, count(*)::int AS n
        FROM (${history.entries(start, end)}) e GROUP BY 1`),
    ),
    // The period's decisions read three times, each an index range (bench/results/issue-41-operations-dashboard.md):
    // the totals and both percentiles in one pass (one sort); per month and per reviewer in one pass (grouping sets);
    // the reasons of the negative ones alone. Cheaper than materialising every decision once and reading that six times.
    inOwnTransaction(db, (tx) =>
      tx.execute(sql`SELECT t.decided, t.percentiles,
        ${
          history.storesBreach
            ? sql`t.breached`
            : // A join, not a lookup per decision; an item escalated twice in one wait counts once.
              sql`(SELECT count(*)::int FROM (SELECT DISTINCT d.item_id, d.decided_at FROM (${decisions}) d
          JOIN queue_breaches qb ON qb.queue = ${query.queue} AND qb.item_id = d.item_id
            AND qb.breached_at >= d.entered_at AND qb.breached_at <= d.decided_at) b)`
        } AS breached,
        (SELECT json_agg(json_build_array(g.by_reviewer, coalesce(g.month::text, g.decided_by::text), g.n)) FROM
          (SELECT grouping(d.month) AS by_reviewer, d.month, d.decided_by, count(*)::int AS n
            FROM (SELECT width_bucket(d.decided_at, ${bounds}) AS month, d.decided_by FROM (${decisions}) d) d
            GROUP BY GROUPING SETS ((d.month), (d.decided_by))) g) AS groups,
        (SELECT json_agg(json_build_array(x.reason, x.n) ORDER BY x.n DESC, x.reason) FROM
          (SELECT btrim(d.reason) AS reason, count(*)::int AS n FROM (${decisions}) d
            WHERE d.negative AND btrim(coalesce(d.reason, '')) <> ''
            GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10) x) AS reasons
      FROM (SELECT count(*)::int AS decided,
          ${history.storesBreach ? sql`count(*) FILTER (WHERE d.breached)::int` : sql`NULL::int`} AS breached,
          -- Both percentiles from one sort.
          percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY ${hours}) AS percentiles
        FROM (${decisions}) d) t`),
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
    decided: number
    breached: number
    percentiles: (number | string)[] | string | null
    /** [1 for a reviewer's row (0 for a month's), the month's bucket or the reviewer, the count] */
    groups: [number, string | null, number][] | null
    reasons: Pairs
  }>(decided)[0]!
  const o = rowsOf<{ buckets: Pairs; by_assignee: Pairs }>(open)[0]!
  /** A `width_bucket` of monthBounds: its month. */
  const monthOf = (bucket: number | string) => months[Number(bucket) - 1]
  const inByMonth = new Map(rowsOf<{ month: number; n: number }>(entries).map((r) => [monthOf(r.month), Number(r.n)]))
  const outByMonth = new Map<string | undefined, number>()
  const decidedBy = new Map<string, number>()
  for (const [byReviewer, key, n] of d.groups ?? []) {
    if (key === null) continue // a decision whose reviewer was removed: counted in the totals, not per reviewer
    if (Number(byReviewer)) decidedBy.set(key, Number(n))
    else outByMonth.set(monthOf(key), Number(n))
  }
  const buckets = new Map((o.buckets ?? []) as [AgeBucket, number][])
  const openBy = new Map(o.by_assignee ?? [])
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
