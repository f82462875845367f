/**
 * The operations dashboard's queries (issue 41 part 5: p95 ≤ 200 ms at 100,000 businesses and 1,000,000 audit rows)
 * on PostgreSQL, through the product's own `findOperationsDashboard` (its four statements in parallel on the pool and
 * the reviewers' names).
 *
 *   npx tsx bench/operations-dashboard.ts [--businesses=100000] [--audits=1000000] [--runs=100]
 *                                         [--admin-url=postgres://postgres@127.0.0.1:5432/postgres] [--keep]
 *
 * Setup (not timed): a throwaway database migrated and seeded; six staff reviewers; `--businesses` generated
 * businesses over three years (bench/generate-businesses.ts: statuses, KYC completion, assignees) with the review
 * queue's audit history (`CREATE`, `KYC_COMPLETED`); a decision (`business_review_events`) for every decided business,
 * declines with one of five reasons, an escalation (`queue_breaches`) for each decided more than five days after
 * registration; KYC drafts for the applicants who have not finished; other audit rows (sign-ins, updates) up to
 * `--audits` in all; ANALYZE. Timed, `--runs` times each after 10 warm-up runs: the business review over the last twelve
 * months (the page's default), over the last 30 days, and the deferrals over twelve months. Prints one JSON line; the
 * database is dropped afterwards.
 */
import { parseIntFlag } from './generate-businesses'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const businessCount = parseIntFlag(argv, 'businesses', 100_000, 1)
const auditCount = parseIntFlag(argv, 'audits', 1_000_000, 1)
const runs = parseIntFlag(argv, 'runs', 100, 1)
/** Keep the database afterwards (its name is printed) to read the plans; drop it by hand. */
const keep = argv.includes('--keep')
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_operations_dashboard' })

const { sql } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { users } = await import('@/server/db/schema')
const { generateBusinesses, generateQueueAudits } = await import('./generate-businesses')
const { findOperationsDashboard } = await import('@/server/modules/operations/operations-dashboard')
const { rowsOf } = await import('@/server/db/rows-of')

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const round = (ms: number) => Math.round(ms * 100) / 100
const day = (offsetDays: number) => new Date(Date.now() + 3_600_000 - offsetDays * 86_400_000).toISOString().slice(0, 10)

try {
  seedOnOpen()
  const db = await getDb()
  const staff = await db
    .insert(users)
    .values(
      Array.from({ length: 6 }, (_, i) => ({
        email: `reviewer${i}@bench.test`,
        firstName: 'Reviewer',
        lastName: String(i + 1),
        status: 'ACTIVE' as const,
        iswStaff: true,
      })),
    )
    .returning({ id: users.id })
  log(`generating ${businessCount} businesses`)
  await generateBusinesses(db, { rows: businessCount })
  log('review queue audits')
  await generateQueueAudits(db)
  log('decisions, escalations, drafts')
  const staffIds = `ARRAY[${staff.map((s) => `'${s.id}'::uuid`).join(',')}]`
  await db.execute(
    sql.raw(`
    INSERT INTO business_review_events (business_id, kind, decision, reason, actor_id, actor_name, created_at)
    SELECT b.id, 'DECISION', b.approval_status,
      CASE WHEN b.approval_status = 'DECLINED' THEN (ARRAY['Expired means of ID', 'Old utility bill', 'Director missing',
        'Name does not match the certificate', 'Shareholding does not add up'])[1 + abs(hashtext(b.id::text)) % 5] END,
      (${staffIds})[1 + abs(hashtext(b.id::text || 'r')) % 6], 'Reviewer',
      least(now(), coalesce(b.approved_at, b.created_at + (1 + abs(hashtext(b.id::text || 'd')) % 20) * interval '1 day'))
    FROM businesses b WHERE b.approval_status <> 'PENDING'`),
  )
  await db.execute(
    sql.raw(`
    INSERT INTO queue_breaches (queue, item_id, business_id, entered_at, due_at, breached_at)
    SELECT 'BUSINESS_REVIEW', e.business_id::text, e.business_id, b.created_at, b.created_at + interval '5 days',
      b.created_at + interval '5 days 1 minute'
    FROM business_review_events e JOIN businesses b ON b.id = e.business_id
    WHERE e.kind = 'DECISION' AND e.created_at > b.created_at + interval '5 days'`),
  )
  await db.execute(
    sql.raw(`
    INSERT INTO draft_forms (business_id, kyc_detail_type_id, data, created_at, updated_at)
    SELECT b.id, t.type, '{}'::jsonb, b.created_at + t.n * interval '1 hour', b.created_at + t.n * interval '1 hour'
    FROM businesses b
    CROSS JOIN LATERAL (VALUES (1, 'COMPANY_DETAILS'), (2, 'ADDRESSES'), (3, 'MEANS_OF_ID'), (4, 'SHAREHOLDERS'), (5, 'DOCUMENTS')) t(n, type)
    WHERE b.approval_status = 'PENDING' AND NOT b.kyc_details_completed AND t.n <= abs(hashtext(b.id::text)) % 6`),
  )
  const [{ n: existing }] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM audits`)) as [{ n: number }]
  const filler = Math.max(0, auditCount - existing)
  log(`${existing} audit rows; adding ${filler} others`)
  await db.execute(
    sql.raw(`
    WITH ids AS (SELECT id::text AS id, row_number() OVER (ORDER BY id) AS rn FROM businesses)
    INSERT INTO audits (actor_id, resource, resource_id, action, before, after, created_at, prev_hash, hash)
    SELECT (${staffIds})[1 + g % 6], CASE WHEN g % 3 = 0 THEN 'session' ELSE 'business' END,
      CASE WHEN g % 3 = 0 THEN md5(g::text) ELSE ids.id END,
      (ARRAY['LOGIN_SUCCEEDED', 'UPDATE', 'COMMENT', 'SCREEN'])[1 + g % 4], NULL, '{"n":1}'::jsonb,
      now() - (g % 1095) * interval '1 day' - (g % 86400) * interval '1 second', 'bench', md5(g::text || 'h')
    FROM generate_series(1, ${filler}) g JOIN ids ON ids.rn = 1 + g % ${businessCount}`),
  )
  await db.execute(sql`ANALYZE`)
  const counts = rowsOf<Record<string, number>>(
    await db.execute(sql`SELECT (SELECT count(*)::int FROM businesses) AS businesses, (SELECT count(*)::int FROM audits) AS audits,
      (SELECT count(*)::int FROM business_review_events) AS decisions, (SELECT count(*)::int FROM queue_breaches) AS breaches,
      (SELECT count(*)::int FROM businesses WHERE approval_status = 'PENDING' AND kyc_details_completed) AS waiting`),
  )[0]
  log(JSON.stringify(counts))

  const actor = {
    userId: staff[0]!.id,
    sessionId: 'bench',
    email: 'reviewer0@bench.test',
    firstName: 'Reviewer',
    lastName: '1',
    permissions: new Set(['CAN_SUPERVISE_QUEUES']),
    staffPermissions: new Set(['CAN_SUPERVISE_QUEUES']),
    memberships: [],
    isStaff: true,
    iswStaff: true,
  } as never
  const cases = [
    { name: 'business review, 12 months', query: { from: day(365), to: day(0), queue: 'BUSINESS_REVIEW' as const } },
    { name: 'business review, 30 days', query: { from: day(30), to: day(0), queue: 'BUSINESS_REVIEW' as const } },
    { name: 'deferrals, 12 months', query: { from: day(365), to: day(0), queue: 'DEFERRALS' as const } },
  ]
  const measure = async (label: string) => {
    const results: Record<string, unknown> = {}
    for (const c of cases) {
      const times: number[] = []
      let last: Awaited<ReturnType<typeof findOperationsDashboard>> | null = null
      for (let i = 0; i < runs + 10; i++) {
        const started = performance.now()
        last = await findOperationsDashboard({ db, actor, query: c.query })
        if (i >= 10) times.push(performance.now() - started)
      }
      const sorted = times.sort((a, b) => a - b)
      results[c.name] = {
        runs,
        p50Ms: round(percentile(sorted, 0.5)),
        p95Ms: round(percentile(sorted, 0.95)),
        maxMs: round(sorted.at(-1)!),
        in: last!.totals.in,
        out: last!.totals.out,
        waiting: last!.backlog.total,
      }
      log(`${label}, ${c.name}: ${JSON.stringify(results[c.name])}`)
    }
    return results
  }
  // The same data without migration 0044's indexes, then with them.
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE indexname IN ('audits_kyc_completion_at_idx', 'audits_kyc_completion_idx', 'business_review_events_kind_created_idx')`),
  )
  for (const index of indexes) await db.execute(sql.raw(`DROP INDEX ${index.name}`))
  const without0044 = await measure('without 0044')
  for (const index of indexes) await db.execute(sql.raw(index.definition))
  await db.execute(sql`ANALYZE`)
  const results = await measure('with 0044')
  console.log(JSON.stringify({ bench: 'operations-dashboard', backend: 'postgres', data: counts, without0044, results }))
} finally {
  await closeDatabase().catch(() => undefined)
  if (keep) log(`kept the database: ${process.env.DATABASE_URL}`)
  else await database.drop()
}
