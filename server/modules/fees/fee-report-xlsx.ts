import { PassThrough, Readable } from 'node:stream'
import { and, sql, type SQL } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { KYC_SERVICE_LABELS } from '@/lib/contracts/fee-values'
import type { FeeReportFilter } from '@/lib/contracts/fees'
import type { Database } from '@/server/db/client'
import { feeCharges } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { chargeFilter, feeTotalsByClient, feeTotalsByService, selectCharges, type ChargeRow } from './fee-reports'
import { koboToNairaAmount } from './fees'

const BATCH = 1000
const NAIRA_FORMAT = '"₦"#,##0.00'

/** Every matching charge, newest first, read in keyset batches so memory stays flat however many there are. */
async function* chargeRows(db: Database, filter: FeeReportFilter): AsyncGenerator<ChargeRow> {
  const where = chargeFilter(filter)
  let after: { cursor: string; id: string } | null = null
  for (;;) {
    const keyset: SQL | undefined = after
      ? sql`(${feeCharges.createdAt}, ${feeCharges.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
      : undefined
    const batch: ChargeRow[] = await selectCharges(db, and(where, keyset)).limit(BATCH)
    for (const row of batch) yield row
    if (batch.length < BATCH) return
    const last = batch[batch.length - 1]!
    after = { cursor: last.cursor, id: last.id }
  }
}

/** Cell text a spreadsheet must not read as a formula. */
const cellSafe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)

async function writeWorkbook(db: Database, filter: FeeReportFilter, out: PassThrough) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const charges = workbook.addWorksheet('Charges')
  charges.columns = [
    { header: 'Charged at (UTC)', key: 'chargedAt', width: 22 },
    { header: 'Business', key: 'business', width: 36 },
    { header: 'Client (division)', key: 'client', width: 22 },
    { header: 'Service', key: 'service', width: 24 },
    { header: 'Provider', key: 'provider', width: 14 },
    { header: 'Amount (NGN)', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
    { header: 'No fee in force', key: 'noFee', width: 14 },
  ]
  let totalKobo = 0
  let count = 0
  for await (const row of chargeRows(db, filter)) {
    totalKobo += row.amountKobo
    count++
    charges
      .addRow({
        chargedAt: row.createdAt,
        business: cellSafe(row.businessName),
        client: cellSafe(row.divisionName ?? '(no division)'),
        service: KYC_SERVICE_LABELS[row.serviceType],
        provider: row.providerCode,
        amount: koboToNairaAmount(row.amountKobo),
        noFee: row.noFee ? 'yes' : 'no',
      })
      .commit()
  }
  charges.addRow({ chargedAt: `Total (${count} charges)`, amount: koboToNairaAmount(totalKobo) }).commit()
  charges.commit()

  const [byClient, byService] = await Promise.all([feeTotalsByClient({ db, filter }), feeTotalsByService({ db, filter })])
  const clients = workbook.addWorksheet('By client')
  clients.columns = [
    { header: 'Client (division)', key: 'name', width: 26 },
    { header: 'Charges', key: 'charges', width: 10 },
    { header: 'Unpriced', key: 'unpriced', width: 10 },
    { header: 'Amount (NGN)', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
  ]
  for (const r of byClient.rows) clients.addRow({ ...r, name: cellSafe(r.divisionName ?? '(no division)') }).commit()
  clients.addRow({ name: 'Total', charges: byClient.total.charges, amount: byClient.total.amount }).commit()
  clients.commit()

  const services = workbook.addWorksheet('By service')
  services.columns = [
    { header: 'Service', key: 'name', width: 26 },
    { header: 'Provider', key: 'providerCode', width: 14 },
    { header: 'Charges', key: 'charges', width: 10 },
    { header: 'Unpriced', key: 'unpriced', width: 10 },
    { header: 'Amount (NGN)', key: 'amount', width: 16, style: { numFmt: NAIRA_FORMAT } },
  ]
  for (const r of byService.rows) services.addRow({ ...r, name: KYC_SERVICE_LABELS[r.serviceType] }).commit()
  services.addRow({ name: 'Total', charges: byService.total.charges, amount: byService.total.amount }).commit()
  services.commit()
  await workbook.commit()
}

/** `GET /fees/reports/downloads?format=xlsx`: charges, totals by client and by service, streamed as it is written. */
export function streamFeeReportXlsx(options: { db: Database; filter: FeeReportFilter }): ReadableStream<Uint8Array> {
  const out = new PassThrough()
  writeWorkbook(options.db, options.filter, out).catch((error: unknown) => {
    logger.error({ err: error }, 'fee report download failed')
    out.destroy(error as Error)
  })
  return Readable.toWeb(out) as ReadableStream<Uint8Array>
}
