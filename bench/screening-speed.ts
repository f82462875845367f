/**
 * Screening speed (issue 38): one subject screened through `findCandidates` (the in-memory candidate index over the
 * current entries, then the scorer), on PGlite and on PostgreSQL, with the shipped lists loaded.
 *
 *   npx tsx bench/screening-speed.ts [--queries=500] [--backend=pglite|postgres|both]
 *                                    [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Queries are generated Nigerian persons and companies (bench/screening-names.ts, fixed seed), as customers are: most
 * match nothing, some share common name parts with listed names. Prints p50/p95/p99/max per backend and the slowest
 * queries as one JSON line each; PostgreSQL uses a throwaway database, dropped afterwards.
 */
import { Client } from 'pg'
import { parseIntFlag } from './generate-businesses'
import { generateCompany, generatePerson, seededRandom } from './screening-names'
import { freePort, prepareBenchEnvironment } from './server-kit'

const argv = process.argv.slice(2)
const queries = parseIntFlag(argv, 'queries', 500, 1)
const backend = argv.find((a) => a.startsWith('--backend='))?.slice('--backend='.length) ?? 'both'
const adminUrl =
  argv.find((a) => a.startsWith('--admin-url='))?.slice('--admin-url='.length) ?? 'postgres://postgres@127.0.0.1:5432/postgres'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
const round = (ms: number) => Math.round(ms * 10) / 10

async function measure(kind: 'pglite' | 'postgres') {
  let dbName: string | undefined
  let databaseUrl: string | undefined
  if (kind === 'postgres') {
    dbName = `bench_screening_${process.pid}`
    const admin = new Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${dbName}`)
    await admin.end()
    const url = new URL(adminUrl)
    url.pathname = `/${dbName}`
    databaseUrl = url.toString()
  }
  prepareBenchEnvironment({ prefix: 'kyc-bench-screening-', port: await freePort(), databaseUrl })
  process.env.SEED_DEMO = 'false'
  const { getDb, closeDatabase } = await import('@/server/db/client')
  const { seedOnOpen } = await import('@/server/seed/seed-on-open')
  const { findCandidates } = await import('@/server/modules/screening/screen/find-candidates')
  const { DEFAULT_MATCH_THRESHOLD } = await import('@/server/modules/screening/matching/score-candidate')
  seedOnOpen()
  const seedStarted = performance.now()
  const db = await getDb()
  const seedMs = performance.now() - seedStarted
  const random = seededRandom(38)
  const subjects = Array.from({ length: queries }, () => (random() < 0.8 ? generatePerson(random) : generateCompany(random)))
  // Warm-up: plans and caches, as a running server has them.
  for (const s of subjects.slice(0, 20)) await findCandidates(db, { ...s }, { threshold: DEFAULT_MATCH_THRESHOLD })
  const timings: { ms: number; name: string; candidates: number }[] = []
  for (const s of subjects) {
    const t0 = performance.now()
    const found = await findCandidates(db, { ...s }, { threshold: DEFAULT_MATCH_THRESHOLD })
    timings.push({ ms: performance.now() - t0, name: s.name, candidates: found.length })
  }
  await closeDatabase()
  if (dbName) {
    const admin = new Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`)
    await admin.end()
  }
  const sorted = timings.map((t) => t.ms).sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      backend: kind,
      queries,
      openAndSeedMs: Math.round(seedMs),
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1)!),
      withHits: timings.filter((t) => t.candidates > 0).length,
      slowest: [...timings]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 5)
        .map((t) => `${t.name} ${round(t.ms)} ms`),
    }),
  )
}

if (backend === 'pglite' || backend === 'both') await measure('pglite')
if (backend === 'postgres' || backend === 'both') {
  // A fresh module graph would be needed to open a second database in one process: run it as its own process.
  if (backend === 'both') {
    const { spawnSync } = await import('node:child_process')
    spawnSync(
      process.execPath,
      ['--import', 'tsx', import.meta.filename, ...argv.filter((a) => !a.startsWith('--backend=')), '--backend=postgres'],
      {
        stdio: 'inherit',
      },
    )
  } else await measure('postgres')
}
