/**
 * Ongoing monitoring speed (issue 38): after a list change, how long re-screening every monitored person takes on
 * PostgreSQL, through the product's own monitoring batches (runMonitoringBatch), as the server's job runs them.
 *
 *   npx tsx bench/screening-monitoring.ts [--persons=100000] [--per-business=4] [--batch=100] [--pep=N]
 *                                         [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Setup (not timed): a throwaway database with the shipped lists; persons/per-business approved businesses
 * (bench/generate-businesses.ts), each with a KYC record and per-business means-of-ID holders (generated Nigerian
 * names, dates of birth, encrypted like the product stores them); every subject's current screening check as
 * onboarding would have left it (fingerprints from the product's own subjects). Timed: a domestic designation that
 * is a near-variant of one generated person (so the run has one hit to open), then every monitoring batch until the
 * run is done. With `--pep=N`, the change is instead a first load of a licensed PEP list of N generated Nigerian
 * persons through the product's dry run and swap (generic JSON lines), many of whom share names with customers.
 * Prints one JSON line; the database is dropped afterwards.
 */
import { Readable } from 'node:stream'
import { parseIntFlag } from './generate-businesses'
import { generatePerson, seededRandom } from './screening-names'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const persons = parseIntFlag(argv, 'persons', 100_000, 1)
const perBusiness = parseIntFlag(argv, 'per-business', 4, 1)
const batchSize = parseIntFlag(argv, 'batch', 100, 1)
const pepEntries = parseIntFlag(argv, 'pep', 0, 0)
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_monitoring', shippedLists: true })

const { sql } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { rowsOf } = await import('@/server/db/rows-of')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { meansOfIds, screeningChecks, screeningRuns } = await import('@/server/db/schema')
const { generateBusinesses } = await import('./generate-businesses')
const { screenedSubjectsOf, subjectFingerprint, activeListVersions } =
  await import('@/server/modules/screening/screen/screen-business')
const { readMatchThreshold } = await import('@/server/modules/screening/screen/screening-settings')
const { addListedEntry, activateListVersion } = await import('@/server/modules/screening/lists/activate-version')
const { stageListVersion } = await import('@/server/modules/screening/lists/stage-version')
const { runMonitoringBatch } = await import('@/server/modules/screening/monitoring/monitoring-runs')
const { SYSTEM_AUDIT_CONTEXT } = await import('@/server/audit/append-audit')
const { eq } = await import('drizzle-orm')

try {
  seedOnOpen()
  const db = await getDb()
  const businessCount = Math.ceil(persons / perBusiness)
  log(`generating ${businessCount} businesses`)
  await generateBusinesses(db, { rows: businessCount })
  await db.execute(sql`update businesses set approval_status = 'APPROVED'`)
  await db.execute(sql`insert into kyc_details (business_id) select id from businesses on conflict do nothing`)
  const kyc = rowsOf<{ id: string; business_id: string }>(await db.execute(sql`select id, business_id from kyc_details`))

  log(`inserting ${kyc.length * perBusiness} means-of-ID holders`)
  const random = seededRandom(3802)
  const roles = ['DIRECTOR', 'SIGNATORY'] as const
  let designated: string | null = null
  let pending: (typeof meansOfIds.$inferInsert)[] = []
  for (const [i, k] of kyc.entries()) {
    for (let j = 0; j < perBusiness; j++) {
      const person = generatePerson(random)
      const words = person.name.split(' ')
      const lastName = words.pop()!
      pending.push({
        kycDetailsId: k.id,
        businessId: k.business_id,
        firstName: words.join(' '),
        lastName,
        role: roles[j % roles.length]!,
        idType: 'NATIONAL_ID_CARD',
        idNumber: String(10_000_000_000 + i * perBusiness + j),
        dateOfBirth: person.dateOfBirth,
      })
      if (i === Math.floor(kyc.length / 2) && j === 0) designated = person.name
    }
    if (pending.length >= 1_000) {
      await db.insert(meansOfIds).values(pending)
      pending = []
    }
  }
  if (pending.length) await db.insert(meansOfIds).values(pending)

  log('recording every subject as screened at onboarding')
  const [threshold, versions] = await Promise.all([readMatchThreshold(db), activeListVersions(db)])
  const now = new Date()
  let subjects = 0
  for (let i = 0; i < kyc.length; i += 50) {
    const slice = kyc.slice(i, i + 50)
    const rows = (await Promise.all(slice.map((k) => screenedSubjectsOf(db, k.business_id)))).flatMap((list, n) =>
      list.map((s) => ({
        businessId: slice[n]!.business_id,
        subjectKind: s.kind,
        subjectRef: s.ref,
        subjectName: s.name,
        roles: s.roles,
        fingerprint: subjectFingerprint(s),
        screenedWith: { dateOfBirth: !!s.query.dateOfBirth, nationality: s.query.nationality ?? null },
        pepDeclaration: s.pep,
        status: 'CLEAR' as const,
        listVersions: versions,
        threshold,
        screenedAt: now,
      })),
    )
    subjects += rows.length
    await db.insert(screeningChecks).values(rows)
  }
  // The first loads of the shipped lists queued their runs over an empty portal: long done on a live one.
  await db.execute(sql`update screening_runs set status = 'DONE', finished_at = now()`)
  await db.execute(sql`analyze`)

  const [user] = rowsOf<{ id: string }>(
    await db.execute(
      sql`insert into users (email, first_name, last_name) values ('bench-lists@example.com', 'Bench', 'Lists') returning id`,
    ),
  )
  let started: number
  let change: string
  let runId: string | null
  if (pepEntries) {
    const pepRandom = seededRandom(3803)
    const lines = Array.from({ length: pepEntries }, (_, i) => {
      const person = generatePerson(pepRandom)
      return JSON.stringify({ source_id: `PEP-${i + 1}`, kind: 'PERSON', name: person.name, programmes: ['PEP'] })
    })
    change = `a first load of a PEP list of ${pepEntries} generated persons`
    log(`${change}, then monitoring`)
    started = performance.now()
    const staged = await stageListVersion({
      db,
      actorId: user!.id,
      audit: SYSTEM_AUDIT_CONTEXT,
      listCode: 'PEP',
      format: 'GENERIC_JSONL',
      files: [{ part: 'list', name: 'pep.jsonl', open: async () => Readable.from([lines.join('\n')]) }],
    })
    runId = (
      await db.transaction((tx) =>
        activateListVersion(tx, { versionId: staged.versionId, activatedBy: user!.id, audit: SYSTEM_AUDIT_CONTEXT }),
      )
    ).runId
  } else {
    change = `a domestic designation of a near-variant of "${designated}"`
    log(`${change}, then monitoring`)
    started = performance.now()
    const added = await db.transaction((tx) =>
      addListedEntry(tx, {
        listCode: 'NG_DOMESTIC',
        entry: {
          sourceId: 'BENCH-1',
          subjectKind: 'PERSON',
          names: [{ name: designated!.toUpperCase(), kind: 'PRIMARY', quality: 'STRONG' }],
          datesOfBirth: [],
          nationalities: ['NG'],
          countries: ['NG'],
          programmes: ['bench'],
          listedOn: null,
          remarks: null,
        },
        enteredBy: user!.id,
        activatedBy: user!.id,
        audit: SYSTEM_AUDIT_CONTEXT,
      }),
    )
    runId = added.runId
  }
  const loadSeconds = (performance.now() - started) / 1000
  let batches = 0
  let lastLog = performance.now()
  for (;;) {
    const result = await runMonitoringBatch({ db, batchSize })
    if (!result.worked) break
    batches++
    if (performance.now() - lastLog > 15_000) {
      const [run] = await db.select().from(screeningRuns).where(eq(screeningRuns.id, runId!))
      log(`${run!.done} of ${run!.total} businesses`)
      lastLog = performance.now()
    }
  }
  const seconds = (performance.now() - started) / 1000
  const [run] = await db.select().from(screeningRuns).where(eq(screeningRuns.id, runId!))
  // 0 when every subject was re-screened against the change only, as onboarding had left it.
  const [{ superseded }] = rowsOf<{ superseded: number }>(
    await db.execute(sql`select count(*)::int as superseded from screening_checks where superseded_at is not null`),
  ) as [{ superseded: number }]
  console.log(
    JSON.stringify({
      change,
      persons: kyc.length * perBusiness,
      businesses: run!.total,
      subjects,
      batchSize,
      batches,
      loadSeconds: Math.round(loadSeconds * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      personsPerSecond: Math.round((kyc.length * perBusiness) / seconds),
      status: run!.status,
      hitsOpened: run!.hitsOpened,
      supersededChecks: superseded,
    }),
  )
  await closeDatabase()
} finally {
  await database.drop()
}
