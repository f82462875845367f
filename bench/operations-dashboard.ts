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
 * registration; KYC drafts for the applicants who have not finished; deferrals and product applications (decided and
 * open, escalated when decided late); other audit rows (sign-ins, updates) up to `--audits` in all; VACUUM ANALYZE.
 * From migration 0045 on, the decisions are written without their stored wait and the migration's own statements fill
 * it in (timed: `backfillMs`); from migration 0046 on, its UPDATE fills in each business's latest completion. Timed, `--runs` times each after 10 warm-up runs: the business review over the last
 * twelve months (the page's default) and the last 30 days, the deferrals and the product applications over twelve
 * months, the screening hits (none in the data) over 30 days. Prints one JSON line with the 1-minute load average at
 * the start of the timing; the database is dropped afterwards. `BENCH_DATABASE_PREFIX` prefixes its name.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseIntFlag } from './generate-businesses'
import { PROJECT_ROOT } from './paths'
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

/** The 1-, 5- and 15-minute load averages when the timing starts (the machine is shared). */
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).map(Number)
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
  // From migration 0046 on, a business stores its latest KYC completion: the generated completions (written straight
  // into the audit log) are filled in by the migration's own UPDATE, as on a database migrated from before it.
  const completionMigration = join(PROJECT_ROOT, 'server/db/migrations/0046_operations_dashboard_stored.sql')
  if (existsSync(completionMigration)) {
    const started = performance.now()
    for (const statement of readFileSync(completionMigration, 'utf8').split('--> statement-breakpoint'))
      if (/^\s*UPDATE/m.test(statement.replace(/^\s*--.*$/gm, ''))) await db.execute(sql.raw(statement))
    log(`migration 0046's backfill of the completions: ${Math.round(performance.now() - started)} ms`)
  }
  log('decisions, escalations, drafts')
  const staffIds = `ARRAY[${staff.map((s) => `'${s.id}'::uuid`).join(',')}]`
  // From migration 0045 on, each decision stores the wait it ended: the decisions are generated as a database migrated
  // from before it holds them (without), then filled in by the migration's own UPDATE statements, timed (after VACUUM ANALYZE,
  // as on a database in use).
  const waitMigration = join(PROJECT_ROOT, 'server/db/migrations/0045_review_decision_wait.sql')
  const storesWait = existsSync(waitMigration)
  if (storesWait)
    await db.execute(sql`ALTER TABLE business_review_events DROP CONSTRAINT business_review_events_decision_wait_check`)
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
  // The other queues with their own rows: a deferral for a third of the decided businesses (requested a day after
  // registration, decided one to twelve days later, a fifth rejected) and a product application for half the approved
  // ones (submitted a day after the approval, decided one to fifteen days later, a tenth declined), some still open;
  // an escalation for each decided more than three days after it entered.
  await db.execute(
    sql.raw(`
    INSERT INTO deferrals (business_id, document_type_id, days, reason, status, requested_by, decided_by, decided_at,
      decision_comment, created_at, updated_at)
    SELECT b.id, (SELECT id FROM kyc_document_types ORDER BY id LIMIT 1), 30, 'Later', s.status,
      NULL, CASE WHEN s.status <> 'PENDING' THEN (${staffIds})[1 + abs(hashtext(b.id::text || 'f')) % 6] END,
      CASE WHEN s.status <> 'PENDING' THEN least(now(), b.created_at + interval '1 day' + (1 + abs(hashtext(b.id::text || 'g')) % 12) * interval '1 day') END,
      CASE WHEN s.status = 'REJECTED' THEN (ARRAY['Needed now', 'Too long'])[1 + abs(hashtext(b.id::text)) % 2] END,
      b.created_at + interval '1 day', b.created_at + interval '1 day'
    FROM businesses b
    CROSS JOIN LATERAL (SELECT CASE WHEN b.approval_status = 'PENDING' THEN 'PENDING'
      WHEN abs(hashtext(b.id::text || 's')) % 5 = 0 THEN 'REJECTED' ELSE 'APPROVED' END AS status) s
    WHERE abs(hashtext(b.id::text || 'x')) % 3 = 0 AND (b.approval_status <> 'PENDING' OR b.kyc_details_completed)`),
  )
  await db.execute(
    sql.raw(`
    WITH c AS (INSERT INTO product_categories (name) VALUES ('Bench') RETURNING id),
    p AS (INSERT INTO products (code, name, category_id) SELECT 'BENCH', 'Bench account', c.id FROM c RETURNING id),
    v AS (INSERT INTO product_requirement_versions (product_id, version, requirements) SELECT p.id, 1, '[]'::jsonb FROM p
      RETURNING product_id AS id)
    INSERT INTO onboarding_products (business_id, product_id, requirements_version, status, submitted_at, decided_at,
      decided_by, decision_comment, created_at, updated_at)
    SELECT b.id, p.id, 1, s.status, b.approved_at + interval '1 day',
      CASE WHEN s.status <> 'IN_REVIEW' THEN b.approved_at + interval '1 day' + (1 + abs(hashtext(b.id::text || 'h')) % 15) * interval '1 day' END,
      CASE WHEN s.status <> 'IN_REVIEW' THEN (${staffIds})[1 + abs(hashtext(b.id::text || 'i')) % 6] END,
      CASE WHEN s.status = 'DECLINED' THEN (ARRAY['Wrong division', 'Missing mandate'])[1 + abs(hashtext(b.id::text)) % 2] END,
      b.approved_at, b.approved_at
    FROM businesses b CROSS JOIN v p
    CROSS JOIN LATERAL (SELECT CASE WHEN b.approved_at + interval '16 days' > now() THEN 'IN_REVIEW'
      WHEN abs(hashtext(b.id::text || 'j')) % 10 = 0 THEN 'DECLINED' ELSE 'APPROVED' END AS status) s
    WHERE b.approval_status = 'APPROVED' AND b.approved_at IS NOT NULL AND abs(hashtext(b.id::text || 'k')) % 2 = 0`),
  )
  await db.execute(
    sql.raw(`
    INSERT INTO queue_breaches (queue, item_id, business_id, entered_at, due_at, breached_at)
    SELECT 'DEFERRALS', r.id::text, r.business_id, r.created_at, r.created_at + interval '3 days', r.created_at + interval '3 days 1 minute'
    FROM deferrals r WHERE r.decided_at > r.created_at + interval '3 days 1 minute'
    UNION ALL
    SELECT 'PRODUCT_APPLICATIONS', r.id::text, r.business_id, r.submitted_at, r.submitted_at + interval '3 days', r.submitted_at + interval '3 days 1 minute'
    FROM onboarding_products r WHERE r.decided_at > r.submitted_at + interval '3 days 1 minute'`),
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
  // VACUUM as well: autovacuum would have by the time anyone reads the dashboard (a database just loaded has no
  // visibility map, so its index-only scans read the table too).
  await db.execute(sql`VACUUM ANALYZE`)
  let backfillMs: number | null = null
  if (storesWait) {
    const statements = readFileSync(waitMigration, 'utf8')
      .split('--> statement-breakpoint')
      .map((x) => x.replace(/^\s*--.*$/gm, '').trim())
      .filter((x) => x.startsWith('UPDATE') || x.includes('ADD CONSTRAINT'))
    const started = performance.now()
    for (const statement of statements) await db.execute(sql.raw(statement))
    backfillMs = Math.round(performance.now() - started)
    log(`migration 0045's backfill of the decisions: ${backfillMs} ms`)
    await db.execute(sql`VACUUM ANALYZE business_review_events`)
  }
  const counts = rowsOf<Record<string, number>>(
    await db.execute(sql`SELECT (SELECT count(*)::int FROM businesses) AS businesses, (SELECT count(*)::int FROM audits) AS audits,
      (SELECT count(*)::int FROM business_review_events) AS decisions, (SELECT count(*)::int FROM queue_breaches) AS breaches,
      (SELECT count(*)::int FROM businesses WHERE approval_status = 'PENDING' AND kyc_details_completed) AS waiting,
      (SELECT count(*)::int FROM deferrals) AS deferrals, (SELECT count(*)::int FROM onboarding_products) AS applications`),
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
    {
      name: 'product applications, 12 months',
      query: { from: day(365), to: day(0), queue: 'PRODUCT_APPLICATIONS' as const },
    },
    { name: 'screening hits, 30 days', query: { from: day(30), to: day(0), queue: 'SCREENING_HITS' as const } },
  ]
  const measure = async (label: string) => {
    log(`load average ${loadAverage().join(' ')}`)
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
  const results = await measure('timed')
  console.log(
    JSON.stringify({
      bench: 'operations-dashboard',
      backend: 'postgres',
      loadAverage: loadAverage(),
      data: counts,
      backfillMs,
      results,
    }),
  )
} finally {
  await closeDatabase().catch(() => undefined)
  if (keep) log(`kept the database: ${process.env.DATABASE_URL}`)
  else await database.drop()
}
