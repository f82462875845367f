import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, asc, count, desc, gt, lt, lte, max, min } from 'drizzle-orm'
import type { AuditExportHeader, AuditExportProof, AuditExportQuery } from '@/lib/contracts/audits'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { GENESIS_HASH, hashAuditRow } from '@/server/audit/chain'
import { maskSealedValues, openActorEmails } from '@/server/crypto/personal-values'
import type { Database, Executor } from '@/server/db/client'
import { audits } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { csvSafe } from '@/server/modules/reports/business-report'
import { auditConditions, toAuditRecord } from './find-audits'

const BATCH = 500

function filtersOf(query: AuditExportQuery): Record<string, string> {
  const { format: _format, ...filters } = query
  return Object.fromEntries(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string'))
}

/** One exported row: the record as the audit viewer shows it (identity numbers masked) and its place in the chain. */
type ExportedRow = ReturnType<typeof toAuditRecord> & { record: 'audit'; prevHash: string; hash: string }
type ExportRecord = AuditExportHeader | ExportedRow | AuditExportProof

/**
 * The export's records (docs/security.md#audit-log-export), in one pass over the exported range: the header; then,
 * window by window of the chain from the first matching row to the last, every row of the window checked (its hash
 * recomputed, its link to the one before it) and the window's matching rows sent; then the proof of the range. A
 * filter leaves rows out of the file, not out of the check. Rows appended after the head of the header are not in it.
 */
async function* exportRecords(db: Executor, query: AuditExportQuery, exportedAt: Date): AsyncGenerator<ExportRecord> {
  const [head] = await db.select({ seq: audits.seq, hash: audits.hash }).from(audits).orderBy(desc(audits.seq)).limit(1)
  const matching = and(auditConditions(query), head ? lte(audits.seq, head.seq) : undefined)
  const [bounds] = await db
    .select({ fromSeq: min(audits.seq), toSeq: max(audits.seq), rows: count() })
    .from(audits)
    .where(matching)
  const fromSeq = bounds?.fromSeq ?? null
  const toSeq = bounds?.toSeq ?? null
  yield {
    record: 'export',
    exportedAt: exportedAt.toISOString(),
    filters: filtersOf(query),
    rows: bounds?.rows ?? 0,
    head: head ?? null,
  }
  if (fromSeq === null || toSeq === null) {
    yield { record: 'proof', range: null, verify: { ok: true, checked: 0, firstBrokenId: null } }
    return
  }
  const [before] = await db
    .select({ hash: audits.hash })
    .from(audits)
    .where(lt(audits.seq, fromSeq))
    .orderBy(desc(audits.seq))
    .limit(1)
  const prevHash = before?.hash ?? GENESIS_HASH
  let previous = prevHash
  let checked = 0
  let firstBrokenId: string | null = null
  let lastHash = prevHash
  let afterSeq = fromSeq - 1
  for (;;) {
    const window = await db
      .select()
      .from(audits)
      .where(and(gt(audits.seq, afterSeq), lte(audits.seq, toSeq)))
      .orderBy(asc(audits.seq))
      .limit(BATCH)
    if (!window.length) break
    for (const row of window) {
      if (firstBrokenId) break
      checked++
      if (row.prevHash !== previous || hashAuditRow(row) !== row.hash) firstBrokenId = row.id
      previous = row.hash
    }
    const windowEnd = window.at(-1)!.seq
    lastHash = window.at(-1)!.hash
    const rows = await db
      .select()
      .from(audits)
      .where(and(matching, gt(audits.seq, afterSeq), lte(audits.seq, windowEnd)))
      .orderBy(asc(audits.seq))
    const records = await maskSealedValues(db, rows.map(toAuditRecord))
    const emails = await openActorEmails(
      db,
      records.map((r) => r.actorEmail),
    )
    for (const [i, r] of records.entries())
      yield { record: 'audit', ...r, actorEmail: emails[i]!, prevHash: rows[i]!.prevHash, hash: rows[i]!.hash }
    afterSeq = windowEnd
  }
  yield {
    record: 'proof',
    range: { fromSeq, toSeq, prevHash, lastHash },
    verify: { ok: firstBrokenId === null, checked, firstBrokenId },
  }
}

const CSV_COLUMNS = [
  'record',
  'seq',
  'createdAt',
  'actorEmail',
  'resource',
  'resourceId',
  'action',
  'before',
  'after',
  'requestId',
  'ip',
  'prevHash',
  'hash',
] as const

type CsvRow = Record<(typeof CSV_COLUMNS)[number], string | number | null>

function recordAsCsv(record: ExportRecord): CsvRow {
  const none = { seq: null, actorEmail: null, resource: null, resourceId: null, before: null, requestId: null, ip: null }
  if (record.record === 'export')
    return {
      ...none,
      record: 'export',
      seq: record.head?.seq ?? null,
      createdAt: record.exportedAt,
      action: 'EXPORT',
      after: JSON.stringify(record),
      prevHash: null,
      hash: record.head?.hash ?? null,
    }
  if (record.record === 'proof')
    return {
      ...none,
      record: 'proof',
      createdAt: null,
      action: record.verify.ok ? 'CHAIN_INTACT' : 'CHAIN_BROKEN',
      after: JSON.stringify(record),
      prevHash: record.range?.prevHash ?? null,
      hash: record.range?.lastHash ?? null,
    }
  return rowAsCsv(record)
}

function rowAsCsv(row: ExportedRow): CsvRow {
  return {
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
  }
}

/**
 * `GET /audits/export` (docs/security.md#audit-log-export): a header record, every matching row in the chain's order,
 * then the proof of the range, streamed window by window (memory stays flat), as NDJSON (one JSON object a line,
 * `record` "export", "audit"…, "proof") or CSV (the same records as rows, JSON cells for before, after, the header and
 * the proof). The export itself is audited (`audit_log` EXPORT, with the format, the filters and the head) before the
 * first byte.
 */
export async function exportAudits(options: {
  db: Database
  audit: AuditContext
  query: AuditExportQuery
  now?: Date
}): Promise<ReadableStream<Uint8Array>> {
  const { db, query } = options
  await db.transaction((tx) =>
    appendAudit(tx, options.audit, {
      resource: 'audit_log',
      resourceId: null,
      action: 'EXPORT',
      after: { format: query.format, filters: filtersOf(query) },
    }),
  )
  const records = exportRecords(db, query, options.now ?? new Date())
  if (query.format === 'ndjson') {
    const source = Readable.from(
      (async function* () {
        for await (const record of records) yield Buffer.from(`${JSON.stringify(record)}\n`)
      })(),
    )
    source.on('error', (error) => logger.error({ err: error }, 'audit export failed'))
    return Readable.toWeb(source) as ReadableStream<Uint8Array>
  }
  const csv = stringify({
    header: true,
    bom: true,
    quoted: true,
    quoted_empty: true,
    columns: [...CSV_COLUMNS],
    cast: { string: csvSafe },
  })
  const source = Readable.from(
    (async function* () {
      for await (const record of records) yield recordAsCsv(record)
    })(),
  )
  source.on('error', (error) => {
    logger.error({ err: error }, 'audit export failed')
    csv.destroy(error)
  })
  source.pipe(csv)
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>
}
