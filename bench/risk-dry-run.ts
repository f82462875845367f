/**
 * Dry run of a risk model change over every business (issue 39: ≤ 60 s for 100,000 businesses on PostgreSQL,
 * streaming, memory flat), through the product's own service (`dryRunRiskModel`, what `GET /risk/models/{id}/dry-run`
 * calls), paged with `next` to the end as the screen would.
 *
 *   npx tsx --expose-gc bench/risk-dry-run.ts [--rows=100000] [--page-sizes=100,500] [--changed-only]
 *                                             [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Setup (not timed): a throwaway database migrated and seeded (the shipped model, version 1); `--rows` businesses
 * (bench/generate-businesses.ts), approved; each with its company details (Nigeria, employees, turnover), a registered
 * address, a shareholding of two persons, a corporate holder owning a third person (one in twenty abroad), the current
 * screening check of each person (nationality, one in fifty a declared PEP), a product application for one in three,
 * and a current assessment (inserted directly, tiers spread). A new version is proposed with the financial services
 * sector raised from 20 to 30 points and the thresholds moved. Timed: every page of the dry run, once per page size.
 * Prints one JSON line (total time, pages, per-page p50/p95, peak RSS and heap, rows that would change tier); the
 * database is dropped afterwards (`--keep`: left for EXPLAIN, its URL printed; drop it yourself).
 */
import { randomUUID } from 'node:crypto'
import { parseIntFlag } from './generate-businesses'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const rows = parseIntFlag(argv, 'rows', 100_000, 1)
const pageSizes = (argv.find((a) => a.startsWith('--page-sizes='))?.slice('--page-sizes='.length) ?? '100,500')
  .split(',')
  .map(Number)
const changedOnly = argv.includes('--changed-only')
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_risk_dry_run' })

const { sql } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { rowsOf } = await import('@/server/db/rows-of')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { riskModels, users } = await import('@/server/db/schema')
const { PERMISSIONS } = await import('@/lib/permissions/names')
const { generateBusinesses } = await import('./generate-businesses')
const { DEFAULT_RISK_MODEL } = await import('@/server/modules/risk/default-model')
const { dryRunRiskModel } = await import('@/server/modules/risk/model-versions')

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024)

try {
  seedOnOpen()
  const db = await getDb()
  log(`generating ${rows} businesses`)
  await generateBusinesses(db, { rows })
  await db.execute(sql`update businesses set approval_status = 'APPROVED', archive_status = 'ACTIVE'`)
  log('company details, addresses')
  await db.execute(sql`
    insert into kyc_details (business_id, country_of_incorporation, number_of_employees, annual_turnover_kobo)
    select id, 'Nigeria', 1 + abs(hashtext(id::text)) % 400, (abs(hashtext(id::text || 't')) % 2000)::bigint * 100000000
    from businesses on conflict do nothing`)
  await db.execute(sql`
    insert into kyc_addresses (business_id, kyc_details_id, type, line1, country, state)
    select k.business_id, k.id, 'REGISTERED', '1 Marina Road', 'Nigeria', 'Lagos' from kyc_details k`)
  log('shareholders: two persons, a corporate holder and its person')
  await db.execute(sql`
    insert into shareholders (kyc_details_id, business_id, type, first_name, last_name, nationality, bvn_index, percentage_units)
    select k.id, k.business_id, 'INDIVIDUAL', 'Ada' || n, 'Obi' || n, 'Nigeria', md5(k.business_id::text || n), 3000
    from kyc_details k cross join generate_series(1, 2) n`)
  await db.execute(sql`
    insert into shareholders (kyc_details_id, business_id, type, company_name, registration_number, nationality, percentage_units)
    select k.id, k.business_id, 'CORPORATE', 'Holding ' || left(k.business_id::text, 8),
      'RC' || (abs(hashtext(k.business_id::text)) % 9000000 + 1000000),
      case when abs(hashtext(k.business_id::text || 'f')) % 20 = 0 then 'United Kingdom' else 'Nigeria' end, 4000
    from kyc_details k`)
  await db.execute(sql`
    insert into shareholders (kyc_details_id, business_id, parent_shareholder_id, type, first_name, last_name, nationality, bvn_index, percentage_units)
    select s.kyc_details_id, s.business_id, s.id, 'INDIVIDUAL', 'Chidi', 'Eze', 'Nigeria', md5(s.business_id::text || 'c'), 10000
    from shareholders s where s.type = 'CORPORATE'`)
  log('screening checks of every person')
  await db.execute(sql`
    insert into screening_checks (business_id, subject_kind, subject_ref, subject_name, roles, fingerprint, screened_with,
      pep_declaration, status, list_versions, threshold, screened_at)
    select s.business_id, 'PERSON', 'shareholders:' || s.id, s.first_name || ' ' || s.last_name, array['SHAREHOLDER'],
      md5(s.id::text), jsonb_build_object('dateOfBirth', true, 'nationality', s.nationality),
      case when abs(hashtext(s.id::text)) % 50 = 0
        then jsonb_build_object('status', 'PEP', 'position', 'Commissioner', 'country', 'Nigeria') end,
      'CLEAR', '{}'::jsonb, 0.85, now()
    from shareholders s where s.type = 'INDIVIDUAL'`)
  log('product applications')
  const [product] = rowsOf<{ id: string }>(await db.execute(sql`select id from products limit 1`))
  if (product)
    await db.execute(sql`
      insert into onboarding_products (business_id, product_id, requirements_version, status)
      select id, ${product.id}, 1, 'PENDING' from businesses where abs(hashtext(id::text || 'p')) % 3 = 0
      on conflict do nothing`)
  log('current assessments (inserted directly)')
  await db.execute(sql`
    insert into risk_assessments (business_id, model_version, score, tier, factors, reason, assessed_at)
    select id, 1, s.score, case when s.score >= 40 then 'HIGH' when s.score >= 20 then 'MEDIUM' else 'LOW' end,
      '[]'::jsonb, 'KYC_SUBMITTED', now()
    from businesses cross join lateral (select (abs(hashtext(id::text || 's')) % 50) as score) s`)
  await db.execute(sql`update businesses b set risk_tier = a.tier from risk_assessments a where a.business_id = b.id`)
  await db.execute(sql`analyze`)

  const [admin] = await db.select({ id: users.id }).from(users).limit(1)
  const changed = {
    ...DEFAULT_RISK_MODEL,
    thresholds: { medium: 25, high: 45 },
    sectors: DEFAULT_RISK_MODEL.sectors.map((s) => (s.category === 'Financial Services' ? { ...s, points: 30 } : s)),
  }
  const [version] = await db
    .insert(riskModels)
    .values({ version: 2, status: 'PROPOSED', model: changed, reason: 'bench', createdBy: admin?.id ?? null })
    .returning()
  const all = new Set(Object.values(PERMISSIONS))
  const actor = {
    userId: admin?.id ?? randomUUID(),
    sessionId: randomUUID(),
    email: 'bench@example.com',
    firstName: 'Bench',
    lastName: 'Officer',
    permissions: all,
    staffPermissions: all,
    memberships: [],
    isStaff: true,
    iswStaff: false,
    tokenExpiresAt: Math.floor(Date.now() / 1000) + 3600,
    proof: { factorVerifiedAt: null, passwordVerifiedAt: Date.now() },
  } as unknown as Parameters<typeof dryRunRiskModel>[0]['actor']

  const runs = []
  for (const pageSize of pageSizes) {
    global.gc?.()
    const rssBefore = process.memoryUsage().rss
    let peakRss = rssBefore
    let peakHeap = process.memoryUsage().heapUsed
    const sampler = setInterval(() => {
      const m = process.memoryUsage()
      peakRss = Math.max(peakRss, m.rss)
      peakHeap = Math.max(peakHeap, m.heapUsed)
    }, 20)
    const pageMs: number[] = []
    const rssAt: number[] = []
    let businesses = 0
    let moved = 0
    let after: string | undefined
    log(`dry run, pages of ${pageSize}${changedOnly ? ', changed only' : ''}`)
    const started = performance.now()
    for (;;) {
      const pageStarted = performance.now()
      const page = await dryRunRiskModel({ db, actor, id: version!.id, query: { after, pageSize, changedOnly } })
      pageMs.push(performance.now() - pageStarted)
      businesses += page.content.length
      moved += page.content.filter((r) => r.fromTier !== r.toTier).length
      if (pageMs.length % 100 === 0) rssAt.push(mb(process.memoryUsage().rss))
      if (!page.next) break
      after = page.next
    }
    const totalMs = performance.now() - started
    clearInterval(sampler)
    const sorted = [...pageMs].sort((a, b) => a - b)
    runs.push({
      pageSize,
      changedOnly,
      totalSeconds: Math.round(totalMs / 100) / 10,
      pages: pageMs.length,
      businesses,
      wouldChangeTier: moved,
      pageMsP50: Math.round(percentile(sorted, 0.5) * 10) / 10,
      pageMsP95: Math.round(percentile(sorted, 0.95) * 10) / 10,
      rssBeforeMb: mb(rssBefore),
      peakRssMb: mb(peakRss),
      peakHeapMb: mb(peakHeap),
      /** RSS every 100 pages: flat memory stays level along the run. */
      rssEvery100PagesMb: rssAt,
    })
    log(JSON.stringify(runs.at(-1)))
  }
  console.log(JSON.stringify({ bench: 'risk-dry-run', backend: 'postgres', rows, runs }))
} finally {
  await closeDatabase().catch(() => undefined)
  if (argv.includes('--keep')) log(`kept: ${process.env.DATABASE_URL} (drop it when done)`)
  else await database.drop()
}
