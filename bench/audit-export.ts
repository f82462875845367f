/**
 * Audit log export (issue 42): the whole log of N rows (default 1,000,000) exported as NDJSON through the product's
 * own `exportAudits` on PostgreSQL, the stream read to the end as a client would, memory sampled every 100 ms.
 *
 *   node --expose-gc --import tsx bench/audit-export.ts [--rows=1000000] [--format=ndjson|csv]
 *                                 [--admin-url=postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Setup (not timed): a throwaway database, then N audit rows chained as `appendAudit` chains them (each row's hash over
 * its fields and the previous hash), inserted in batches. Timed: the proof (the walk over the exported range), the
 * first byte, every byte. Prints one JSON line: rows, bytes, seconds, rows/s, first-byte seconds, RSS before and its
 * largest growth while streaming. The database is dropped afterwards.
 */
import { randomUUID } from 'node:crypto'
import { parseIntFlag } from './generate-businesses'
import { adminUrlFlag, logProgress as log, throwawayPostgres } from './server-kit'

const argv = process.argv.slice(2)
const rows = parseIntFlag(argv, 'rows', 1_000_000, 1)
const format = argv.find((a) => a.startsWith('--format='))?.slice('--format='.length) === 'csv' ? 'csv' : 'ndjson'
const database = await throwawayPostgres({ adminUrl: adminUrlFlag(argv), name: 'bench_audit_export' })

const { sql, desc } = await import('drizzle-orm')
const { getDb, closeDatabase } = await import('@/server/db/client')
const { seedOnOpen } = await import('@/server/seed/seed-on-open')
const { audits } = await import('@/server/db/schema')
const { hashAuditRow } = await import('@/server/audit/chain')
const { SYSTEM_AUDIT_CONTEXT } = await import('@/server/audit/append-audit')
const { exportAudits } = await import('@/server/modules/audits/export-audits')

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
try {
  seedOnOpen()
  const db = await getDb()
  log(`chaining ${rows} audit rows`)
  const [head] = await db.select({ hash: audits.hash }).from(audits).orderBy(desc(audits.seq)).limit(1)
  let prevHash = head!.hash
  const start = Date.now() - rows * 1000
  const BATCH = 10_000
  for (let i = 0; i < rows; i += BATCH) {
    const batch = []
    for (let j = i; j < Math.min(rows, i + BATCH); j++) {
      const row = {
        id: randomUUID(),
        actorId: null,
        actorEmail: 'system',
        resource: j % 3 ? 'business' : 'kyc_details',
        resourceId: randomUUID(),
        action: j % 2 ? 'UPDATE' : 'APPROVE',
        before: { approvalStatus: 'PENDING', n: j },
        after: { approvalStatus: 'APPROVED', n: j, comment: 'Registry checked, directors verified' },
        requestId: `req-${j}`,
        ip: '127.0.0.1',
        createdAt: new Date(start + j * 1000),
        prevHash,
      }
      const hash = hashAuditRow(row)
      batch.push({ ...row, createdAt: row.createdAt.toISOString(), hash })
      prevHash = hash
    }
    const payload = batch.map((r) => ({
      id: r.id,
      actor_email: r.actorEmail,
      resource: r.resource,
      resource_id: r.resourceId,
      action: r.action,
      before: r.before,
      after: r.after,
      request_id: r.requestId,
      ip: r.ip,
      created_at: r.createdAt,
      prev_hash: r.prevHash,
      hash: r.hash,
    }))
    // In the array's order: identities (the chain's seq) are given in the order rows are inserted.
    await db.execute(sql`
      insert into audits (id, actor_email, resource, resource_id, action, before, after, request_id, ip, created_at, prev_hash, hash)
      select id, actor_email, resource, resource_id, action, before, after, request_id, ip, created_at, prev_hash, hash
      from rows from (jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as (id uuid, actor_email text, resource text,
        resource_id text, action text, before jsonb, after jsonb, request_id text, ip text, created_at timestamptz,
        prev_hash text, hash text)) with ordinality as r(id, actor_email, resource, resource_id, action, before, after,
        request_id, ip, created_at, prev_hash, hash, n)
      order by n`)
  }
  await db.execute(sql`analyze audits`)

  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  const heapBefore = process.memoryUsage().heapUsed
  let peak = rssBefore
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 100)
  log(`exporting as ${format}`)
  const started = performance.now()
  const stream = await exportAudits({ db, audit: SYSTEM_AUDIT_CONTEXT, query: { format } })
  let firstByte: number | null = null
  let bytes = 0
  let lines = 0
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    firstByte ??= performance.now() - started
    bytes += chunk.byteLength
    for (const b of chunk) if (b === 10) lines++
  }
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  // With --expose-gc: what is still held once the export is over (a leak would grow with the rows).
  global.gc?.()
  const heapAfter = process.memoryUsage().heapUsed
  console.log(
    JSON.stringify({
      format,
      rows,
      lines,
      megabytes: mb(bytes),
      seconds: Math.round(seconds * 10) / 10,
      rowsPerSecond: Math.round(rows / seconds),
      firstByteSeconds: Math.round(firstByte! / 100) / 10,
      rssBeforeMb: mb(rssBefore),
      rssGrowthMb: mb(peak - rssBefore),
      ...(global.gc ? { heapGrowthAfterGcMb: mb(heapAfter - heapBefore) } : {}),
    }),
  )
  await closeDatabase()
} finally {
  await database.drop()
}
