/**
 * One recomputation of a business's risk assessment (issue 39: ≤ 20 ms p95) for a business with many people and
 * layers, on PostgreSQL, through the product's own `recomputeRiskNow` (its transaction, the row lock, the facts of one
 * business, the assessment, the comparison, and when it differs the stored assessment and its audit row).
 *
 *   npx tsx bench/risk-recompute.ts [--persons=30] [--layers=4] [--runs=300] [--businesses=1000]
 *                                   [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Setup (not timed): a throwaway database migrated and seeded, `--businesses` generated businesses around it (so the
 * tables are not trivially small), and one RC company whose shareholding has `--layers` corporate layers, each held by
 * the one above, with `--persons` individual shareholders spread over the layers (one of them at two places: control
 * through several paths), one corporate holder abroad, every person screened (a current check with a nationality, one a
 * declared PEP). Timed, `--runs` times each after 20 warm-up runs: a recomputation that finds nothing changed (stores
 * nothing), and one forced to store (supersedes, inserts and audits an assessment). Prints one JSON line; the database
 * is dropped afterwards.
 */
import { parseIntFlag } from './generate-businesses'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const persons = parseIntFlag(argv, 'persons', 30, 1)
const layers = parseIntFlag(argv, 'layers', 4, 1)
const runs = parseIntFlag(argv, 'runs', 300, 1)
const around = parseIntFlag(argv, 'businesses', 1000, 1)
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_risk_recompute' })

const { eq, sql } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { businesses, kycDetails, screeningChecks, shareholders } = await import('@/server/db/schema')
const { SYSTEM_AUDIT_CONTEXT } = await import('@/server/audit/append-audit')
const { generateBusinesses } = await import('./generate-businesses')
const { recomputeRiskNow } = await import('@/server/modules/risk/recompute-risk')
const { gatherRiskFacts } = await import('@/server/modules/risk/risk-facts')

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
const round = (ms: number) => Math.round(ms * 100) / 100

try {
  seedOnOpen()
  const db = await getDb()
  log(`generating ${around} businesses`)
  await generateBusinesses(db, { rows: around })
  const [business] = await db
    .update(businesses)
    .set({ approvalStatus: 'APPROVED', kycDetailsCompleted: true, approvedAt: new Date(), recertificationDate: '2027-06-30' })
    .where(eq(businesses.id, sql`(select id from businesses where registration_class = 'RC' order by id limit 1)`))
    .returning()
  const [kyc] = await db
    .insert(kycDetails)
    .values({ businessId: business!.id, countryOfIncorporation: 'Nigeria', numberOfEmployees: 120 })
    .returning()
  log(`shareholding: ${layers} corporate layers, ${persons} persons`)
  // Corporate layer i holds in layer i-1 (layer 0: the business itself); persons are spread over the levels 0..layers.
  const corporates: string[] = []
  for (let layer = 0; layer < layers; layer++) {
    const [corporate] = await db
      .insert(shareholders)
      .values({
        kycDetailsId: kyc!.id,
        businessId: business!.id,
        parentShareholderId: corporates[layer - 1] ?? null,
        type: 'CORPORATE',
        companyName: `Holding Layer ${layer + 1} Limited`,
        registrationNumber: `RC${9_100_000 + layer}`,
        nationality: layer === layers - 1 ? 'United Kingdom' : 'Nigeria',
        percentageUnits: 4000,
      })
      .returning()
    corporates.push(corporate!.id)
  }
  const people = Array.from({ length: persons }, (_, i) => ({
    kycDetailsId: kyc!.id,
    businessId: business!.id,
    parentShareholderId: i % (layers + 1) === 0 ? null : corporates[(i % (layers + 1)) - 1]!,
    type: 'INDIVIDUAL' as const,
    firstName: `Person${i}`,
    lastName: 'Okafor',
    nationality: i === 7 ? 'Ghana' : 'Nigeria',
    // The last person is the first one again, at another place in the tree.
    bvnIndex: `bench-bvn-${i === persons - 1 ? 0 : i}`,
    percentageUnits: 200,
  }))
  const inserted = await db.insert(shareholders).values(people).returning({ id: shareholders.id, first: shareholders.firstName })
  await db.insert(screeningChecks).values(
    inserted.map((p, i) => ({
      businessId: business!.id,
      subjectKind: 'PERSON' as const,
      subjectRef: `shareholders:${p.id}`,
      subjectName: `${p.first} Okafor`,
      roles: ['SHAREHOLDER'],
      fingerprint: `bench-${p.id}`,
      screenedWith: { dateOfBirth: true, nationality: i === 7 ? 'Ghana' : 'Nigeria' },
      pepDeclaration: i === 3 ? { status: 'PEP', position: 'Commissioner', country: 'Nigeria' } : null,
      status: 'CLEAR' as const,
      listVersions: {},
      threshold: 0.85,
      screenedAt: new Date(),
    })),
  )
  await db.execute(sql`analyze`)
  const facts = (await gatherRiskFacts(db, [business!.id])).get(business!.id)!
  const first = await recomputeRiskNow(db, { businessId: business!.id, reason: 'REQUESTED', audit: SYSTEM_AUDIT_CONTEXT })
  log(`first assessment: ${first?.assessment.tier} ${first?.assessment.score} (${first?.assessment.factors.length} factors)`)

  const measure = async (force: boolean) => {
    const times: number[] = []
    for (let i = 0; i < runs + 20; i++) {
      const started = performance.now()
      const result = await recomputeRiskNow(db, {
        businessId: business!.id,
        reason: force ? 'KYC_CHANGED' : 'REQUESTED',
        audit: SYSTEM_AUDIT_CONTEXT,
        force,
      })
      if (i >= 20) times.push(performance.now() - started)
      if (result?.changed !== force) throw new Error(`expected changed=${force}`)
    }
    const sorted = times.sort((a, b) => a - b)
    return { runs, p50Ms: round(percentile(sorted, 0.5)), p95Ms: round(percentile(sorted, 0.95)), maxMs: round(sorted.at(-1)!) }
  }
  log('recomputing: nothing changed')
  const unchanged = await measure(false)
  log('recomputing: stored and audited')
  const stored = await measure(true)
  console.log(
    JSON.stringify({
      bench: 'risk-recompute',
      backend: 'postgres',
      business: {
        persons,
        corporateLayers: layers,
        shareholders: facts.shareholders.length,
        screenedPersons: inserted.length,
        tier: first?.assessment.tier,
        score: first?.assessment.score,
        factors: first?.assessment.factors.map((f) => f.code),
      },
      unchanged,
      stored,
    }),
  )
} finally {
  await closeDatabase().catch(() => undefined)
  await database.drop()
}
