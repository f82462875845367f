import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, asc, count, desc, gt, lt, lte, max, min } from 'drizzle-orm'
import type { AuditExportProof, AuditExportQuery } from '@/lib/contracts/audits'
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

/**
 * The proof an export starts with (docs/security.md#audit-log-export): the chain walked over the exported range, from
 * the first matching row to the last, every row between them included (a filter leaves rows out of the file, not out
 * of the check), each row's hash recomputed and its link to the one before it checked; the hashes at both ends; the
 * chain's head when the export began. Rows appended after the head are not exported.
 */
async function proveRange(db: Executor, query: AuditExportQuery, exportedAt: Date): Promise<AuditExportProof> {
  const [head] = await db.select({ seq: audits.seq, hash: audits.hash }).from(audits).orderBy(desc(audits.seq)).limit(1)
  const where = and(auditConditions(query), head ? lte(audits.seq, head.seq) : undefined)
  const [bounds] = await db
    .select({ fromSeq: min(audits.seq), toSeq: max(audits.seq), rows: count() })
    .from(audits)
    .where(where)
  const base = { record: 'proof' as const, exportedAt: exportedAt.toISOString(), filters: filtersOf(query), head: head ?? null }
  if (!bounds || bounds.fromSeq === null || bounds.toSeq === null)
    return { ...base, rows: 0, range: null, verify: { ok: true, checked: 0, firstBrokenId: null } }
  const [before] = await db
    .select({ hash: audits.hash })
    .from(audits)
    .where(lt(audits.seq, bounds.fromSeq))
    .orderBy(desc(audits.seq))
    .limit(1)
  const prevHash = before?.hash ?? GENESIS_HASH
  let previous = prevHash
  let afterSeq = bounds.fromSeq - 1
  let checked = 0
  let firstBrokenId: string | null = null
  let lastHash = prevHash
  walk: for (;;) {
    const rows = await db
      .select()
      .from(audits)
      .where(and(gt(audits.seq, afterSeq), lte(audits.seq, bounds.toSeq)))
      .orderBy(asc(audits.seq))
      .limit(BATCH)
    for (const row of rows) {
      checked++
      if (row.prevHash !== previous || hashAuditRow(row) !== row.hash) {
        firstBrokenId = row.id
        break walk
      }
      previous = row.hash
      lastHash = row.hash
    }
    if (rows.length < BATCH) break
    afterSeq = rows.at(-1)!.seq
  }
  return {
    ...base,
    rows: bounds.rows,
    range: { fromSeq: bounds.fromSeq, toSeq: bounds.toSeq, prevHash, lastHash },
    verify: { ok: firstBrokenId === null, checked, firstBrokenId },
  }
}

/** One exported row: the record as the audit viewer shows it (identity numbers masked) and its place in the chain. */
type ExportedRow = ReturnType<typeof toAuditRecord> & { record: 'audit'; prevHash: string; hash: string }

async function* exportedRows(db: Executor, query: AuditExportQuery, toSeq: number): AsyncGenerator<ExportedRow> {
  let afterSeq = 0
  for (;;) {
    const rows = await db
      .select()
      .from(audits)
      .where(and(auditConditions(query), gt(audits.seq, afterSeq), lte(audits.seq, toSeq)))
      .orderBy(asc(audits.seq))
      .limit(BATCH)
    const records = await maskSealedValues(db, rows.map(toAuditRecord))
    const emails = await openActorEmails(
      db,
      records.map((r) => r.actorEmail),
    )
    for (const [i, r] of records.entries())
      yield { record: 'audit', ...r, actorEmail: emails[i]!, prevHash: rows[i]!.prevHash, hash: rows[i]!.hash }
    if (rows.length < BATCH) return
    afterSeq = rows.at(-1)!.seq
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

function proofAsCsv(proof: AuditExportProof): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    record: 'proof',
    seq: proof.head?.seq ?? null,
    createdAt: proof.exportedAt,
    actorEmail: null,
    resource: null,
    resourceId: null,
    action: proof.verify.ok ? 'CHAIN_INTACT' : 'CHAIN_BROKEN',
    before: null,
    after: JSON.stringify(proof),
    requestId: null,
    ip: null,
    prevHash: proof.range?.prevHash ?? null,
    hash: proof.range?.lastHash ?? null,
  }
}

function rowAsCsv(row: ExportedRow): Record<(typeof CSV_COLUMNS)[number], string | number | null> {
  return {
    ...row,
    before: row.before === null ? null : JSON.stringify(row.before),
    after: row.after === null ? null : JSON.stringify(row.after),
  }
}

/**
 * `GET /audits/export` (docs/security.md#audit-log-export): the proof first, then every matching row in the chain's
 * order, streamed in keyset batches (memory stays flat), as NDJSON (one JSON object a line, `record` "proof" then
 * "audit") or CSV (the same records as rows, JSON cells for before, after and the proof). The export itself is
 * audited (`audit_log` EXPORT, with the filters, the row count and the proof's result) before the first byte.
 */
export async function exportAudits(options: {
  db: Database
  audit: AuditContext
  query: AuditExportQuery
  now?: Date
}): Promise<ReadableStream<Uint8Array>> {
  const { db, query } = options
  const proof = await proveRange(db, query, options.now ?? new Date())
  await db.transaction((tx) =>
    appendAudit(tx, options.audit, {
      resource: 'audit_log',
      resourceId: null,
      action: 'EXPORT',
      after: {
        format: query.format,
        filters: proof.filters,
        rows: proof.rows,
        range: proof.range && { fromSeq: proof.range.fromSeq, toSeq: proof.range.toSeq },
        chainIntact: proof.verify.ok,
      },
    }),
  )
  const toSeq = proof.range?.toSeq ?? 0
  const records = (async function* () {
    yield proof
    if (proof.range) yield* exportedRows(db, query, toSeq)
  })()
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
      for await (const record of records) yield record.record === 'proof' ? proofAsCsv(record) : rowAsCsv(record)
    })(),
  )
  source.on('error', (error) => {
    logger.error({ err: error }, 'audit export failed')
    csv.destroy(error)
  })
  source.pipe(csv)
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>
}
