/**
 * The business report CSV at scale: peak RSS growth and time to stream every row (docs/screens.md, issue 21).
 *
 *   node --expose-gc --import tsx bench/report-csv.ts [--rows=100000] [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *   node --expose-gc --import tsx bench/report-csv.ts --database-url=postgres://…/kyc_load_1m [--rows=1000000]
 *
 * With --database-url: that database instead (kept), its businesses topped up to --rows (none generated when it holds
 * that many), so the export of 1M rows reuses a generation made once. `timeline` holds RSS and heap about once a second
 * with the rows streamed by then: flat memory shows as a flat line while the rows climb.
 * Creates a throwaway PostgreSQL database, migrates and seeds it, inserts the generated businesses
 * (bench/generate-businesses.ts), then streams GET /reports/businesses/download's body (streamBusinessReportCsv, every
 * business, archived included) to nowhere, sampling RSS and heap every 20 ms (RSS alone can hide growth: the
 * generation before has grown the process, and freed pages are reused). Prints one JSON line and drops the database.
 * Flat memory means the growth does not scale with the rows: compare --rows=10000 with --rows=100000.
 */
import { loadavg } from 'node:os'
import { Client } from 'pg'
import { parseIntFlag } from './generate-businesses'
import { freePort, prepareBenchEnvironment } from './server-kit'

const argv = process.argv.slice(2)
const rows = parseIntFlag(argv, 'rows', 100_000, 0)
const adminUrl =
  argv.find((a) => a.startsWith('--admin-url='))?.slice('--admin-url='.length) ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const keptUrl = argv.find((a) => a.startsWith('--database-url='))?.slice('--database-url='.length)
const dbName = keptUrl ? new URL(keptUrl).pathname.slice(1) : `bench_report_csv_${process.pid}`
const databaseUrl = new URL(keptUrl ?? adminUrl)
databaseUrl.pathname = `/${dbName}`

const admin = new Client({ connectionString: adminUrl })
await admin.connect()
if (!keptUrl) await admin.query(`CREATE DATABASE ${dbName}`)
const dataDir = prepareBenchEnvironment({ prefix: 'kyc-bench-csv-', port: await freePort(), databaseUrl: databaseUrl.toString() })
process.env.SEED_DEMO = 'false'

const gc = (globalThis as { gc?: () => void }).gc
try {
  const { getDb, closeDatabase } = await import('@/server/db/client')
  const { seedOnOpen } = await import('@/server/seed/seed-on-open')
  const { generateBusinesses } = await import('./generate-businesses')
  const { streamBusinessReportCsv } = await import('@/server/modules/reports/business-report')
  seedOnOpen()
  const db = await getDb()
  const { sql } = await import('drizzle-orm')
  const existing = keptUrl
    ? Number(
        ((await db.execute(sql`select count(*)::int as n from businesses`)) as unknown as { rows: { n: number }[] }).rows[0]?.n,
      )
    : 0
  const generation = await generateBusinesses(db, { rows: Math.max(0, rows - existing) })
  const tableRows = existing + generation.inserted

  gc?.()
  const loadBefore = loadavg()
  const baseline = process.memoryUsage().rss
  const heapBaseline = process.memoryUsage().heapUsed
  let peak = baseline
  let heapPeak = heapBaseline
  const timeline: { seconds: number; csvRows: number; rssMB: number; heapMB: number }[] = []
  let lastTimelineAt = 0
  const sample = () => {
    const usage = process.memoryUsage()
    peak = Math.max(peak, usage.rss)
    heapPeak = Math.max(heapPeak, usage.heapUsed)
    const now = performance.now()
    if (now - lastTimelineAt >= 1000) {
      lastTimelineAt = now
      timeline.push({
        seconds: Math.round((now - started) / 100) / 10,
        csvRows: Math.max(0, lines - 1),
        rssMB: Math.round((usage.rss / 1024 / 1024) * 10) / 10,
        heapMB: Math.round((usage.heapUsed / 1024 / 1024) * 10) / 10,
      })
    }
  }
  const started = performance.now()
  let bytes = 0
  let lines = 0
  const sampler = setInterval(sample, 20)
  const reader = streamBusinessReportCsv({
    db,
    query: { archiveStatus: ['ACTIVE', 'ARCHIVED'], recentFirst: true, format: 'csv' },
  }).getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    bytes += value.byteLength
    for (const byte of value) if (byte === 10) lines++
    sample()
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10
  console.log(
    JSON.stringify({
      database: keptUrl ? dbName : 'throwaway',
      rows: tableRows,
      generatedNow: generation.inserted,
      csvRows: lines - 1,
      csvMB: mb(bytes),
      seconds: Math.round(seconds * 100) / 100,
      rowsPerSecond: Math.round((lines - 1) / seconds),
      rssBaselineMB: mb(baseline),
      rssPeakMB: mb(peak),
      rssGrowthMB: mb(peak - baseline),
      heapBaselineMB: mb(heapBaseline),
      heapPeakMB: mb(heapPeak),
      heapGrowthMB: mb(heapPeak - heapBaseline),
      gcBeforeRun: Boolean(gc),
      loadAverage: { before: loadBefore, after: loadavg() },
      timeline,
    }),
  )
  await closeDatabase()
} finally {
  if (!keptUrl) await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
  await admin.end()
  const { rmSync } = await import('node:fs')
  rmSync(dataDir, { recursive: true, force: true })
}
