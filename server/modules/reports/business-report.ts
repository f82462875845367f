import { Readable } from 'node:stream'
import { stringify } from 'csv-stringify'
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { BusinessReportDownloadQuery, BusinessReportQuery, BusinessReportRow } from '@/lib/contracts/business-reports'
import type { BusinessListQuery } from '@/lib/contracts/businesses'
import { riskTierWords } from '@/lib/contracts/risk-values'
import { formatExportDateTime } from '@/lib/format/date'
import { statusLabelWords } from '@/lib/format/status-words'
import type { Executor } from '@/server/db/client'
import { businessCategories, businesses, businessTypes } from '@/server/db/schema'
import { findPage } from '@/server/http/pagination'
import { logger } from '@/server/logger'
import { blockedCondition } from '@/server/records/business-record'
import { businessFilters } from '../businesses/find-businesses'
import { businessHasProduct } from '../onboarding/find-onboardings'

/** The business list's filters (GET /businesses), product included, so a report matches the list it came from. */
export function reportConditions(query: Partial<BusinessListQuery>, now: Date): SQL | undefined {
  return and(...businessFilters(query, now), query.productId ? businessHasProduct(query.productId) : undefined)
}

const reportColumns = (now: Date) => ({
  id: businesses.id,
  name: businesses.name,
  regNo: businesses.regNo,
  registrationClass: businesses.registrationClass,
  type: businessTypes.name,
  category: businessCategories.name,
  email: businesses.email,
  phone: businesses.phone,
  state: businesses.state,
  approvalStatus: businesses.approvalStatus,
  kycDetailsCompleted: businesses.kycDetailsCompleted,
  archiveStatus: businesses.archiveStatus,
  createdAt: businesses.createdAt,
  approvedAt: businesses.approvedAt,
  recertificationDate: businesses.recertificationDate,
  riskTier: businesses.riskTier,
  // The same derived rule as the business list's `blocked` filter.
  blocked: sql<boolean>`coalesce(${blockedCondition(now)}, false)`.mapWith(Boolean),
})

type ReportSelect = Omit<BusinessReportRow, 'createdAt' | 'approvedAt'> & { createdAt: Date; approvedAt: Date | null }

function toReportRow(row: ReportSelect): BusinessReportRow {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt?.toISOString() ?? null,
  }
}

function reportQuery(db: Executor, now: Date) {
  return db
    .select({ ...reportColumns(now), cursor: sql<string>`${businesses.createdAt}::text` })
    .from(businesses)
    .innerJoin(businessTypes, eq(businessTypes.id, businesses.typeId))
    .innerJoin(businessCategories, eq(businessCategories.id, businesses.categoryId))
}

/** `GET /reports/businesses`: a page of report rows (names instead of ids). */
export async function findBusinessReport(options: { db: Executor; query: BusinessReportQuery; now?: Date }) {
  const { db, query, now = new Date() } = options
  const where = reportConditions(query, now)
  return findPage({
    query,
    rows: reportQuery(db, now)
      .where(where)
      .orderBy(query.recentFirst ? desc(businesses.createdAt) : asc(businesses.createdAt), asc(businesses.id)),
    count: () => db.select({ value: count() }).from(businesses).where(where),
    content: (rows) => rows.map(({ cursor: _cursor, ...row }) => toReportRow(row)),
  })
}

export const CSV_COLUMNS: Array<{ key: keyof BusinessReportRow; header: string }> = [
  { key: 'name', header: 'Business name' },
  { key: 'regNo', header: 'Registration number' },
  { key: 'registrationClass', header: 'Class' },
  { key: 'type', header: 'Type' },
  { key: 'category', header: 'Category' },
  { key: 'email', header: 'E-mail' },
  { key: 'phone', header: 'Phone' },
  { key: 'state', header: 'State' },
  { key: 'approvalStatus', header: 'Approval status' },
  { key: 'kycDetailsCompleted', header: 'KYC complete' },
  { key: 'archiveStatus', header: 'Archive status' },
  { key: 'blocked', header: 'Blocked' },
  { key: 'createdAt', header: 'Registered at' },
  { key: 'approvedAt', header: 'Approved at' },
  { key: 'recertificationDate', header: 'Recertification date' },
  { key: 'riskTier', header: 'Risk tier' },
  { key: 'id', header: 'Id' },
]

type CsvRow = Omit<BusinessReportRow, 'approvalStatus' | 'archiveStatus' | 'riskTier'> & {
  approvalStatus: string
  archiveStatus: string
  riskTier: string
}

/**
 * A row as people read it in a spreadsheet (docs/decisions.md#dates-and-times): statuses and the risk tier in words
 * ("Pending", "Active", "High", "Not assessed"), moments as `yyyy-MM-dd HH:mm` in Africa/Lagos. The JSON report keeps the codes and ISO instants.
 */
export function toCsvRow(row: BusinessReportRow): CsvRow {
  return {
    ...row,
    approvalStatus: statusLabelWords(row.approvalStatus),
    archiveStatus: statusLabelWords(row.archiveStatus),
    riskTier: riskTierWords(row.riskTier),
    createdAt: formatExportDateTime(row.createdAt),
    approvedAt: row.approvedAt ? formatExportDateTime(row.approvedAt) : null,
  }
}

/** A spreadsheet must not read a cell as a formula (CSV injection); plain phone numbers stay as they are. */
export function csvSafe(value: string): string {
  return /^[=+\-@\t\r]/.test(value) && !/^\+?\d+$/.test(value) ? `'${value}` : value
}

const BATCH = 500

/** Every matching row, newest first, read in keyset batches so memory stays flat however many there are. */
async function* reportRows(db: Executor, query: BusinessReportDownloadQuery, now: Date): AsyncGenerator<BusinessReportRow> {
  const where = reportConditions(query, now)
  let after: { cursor: string; id: string } | null = null
  for (;;) {
    const batch: Array<ReportSelect & { cursor: string }> = await reportQuery(db, now)
      .where(
        and(
          where,
          after
            ? sql`(${businesses.createdAt}, ${businesses.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(businesses.createdAt), desc(businesses.id))
      .limit(BATCH)
    for (const { cursor: _cursor, ...row } of batch) yield toReportRow(row)
    if (batch.length < BATCH) return
    const last = batch[batch.length - 1]!
    after = { cursor: last.cursor, id: last.id }
  }
}

/** `GET /reports/businesses/download?format=csv`: the report streamed as CSV (csv-stringify, every cell quoted), a header line first. */
export function streamBusinessReportCsv(options: {
  db: Executor
  query: BusinessReportDownloadQuery
  now?: Date
}): ReadableStream<Uint8Array> {
  const csv = stringify({
    header: true,
    bom: true,
    // Every cell quoted: Excel with ";" as its list separator would otherwise split `Semi;=1+1` and run `=1+1`.
    quoted: true,
    quoted_empty: true,
    columns: CSV_COLUMNS,
    cast: { boolean: (v) => (v ? 'yes' : 'no'), string: csvSafe },
  })
  const rows = reportRows(options.db, options.query, options.now ?? new Date())
  const source = Readable.from(
    (async function* () {
      for await (const row of rows) yield toCsvRow(row)
    })(),
  )
  source.on('error', (error) => {
    logger.error({ err: error }, 'business report download failed')
    csv.destroy(error)
  })
  source.pipe(csv)
  return Readable.toWeb(csv) as ReadableStream<Uint8Array>
}
