import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { returnsSections } from '@/lib/format/returns-sections'
import { logger } from '@/server/logger'

/** `GET /reports/regulatory-returns/download?format=xlsx`: one sheet per section, the period on each. */
export function streamRegulatoryReturnsXlsx(returns: RegulatoryReturns): ReadableStream<Uint8Array> {
  const out = new PassThrough()
  void (async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
    for (const section of returnsSections(returns)) {
      const sheet = workbook.addWorksheet(section.sheet)
      sheet.columns = [
        { header: `${returns.period.from} to ${returns.period.to}`, key: 'label', width: 44 },
        { header: 'Count', key: 'count', width: 12 },
      ]
      for (const [label, value] of section.rows) sheet.addRow({ label, count: value }).commit()
      sheet.commit()
    }
    await workbook.commit()
  })().catch((error: unknown) => {
    logger.error({ err: error }, 'regulatory returns download failed')
    out.destroy(error as Error)
  })
  return Readable.toWeb(out) as ReadableStream<Uint8Array>
}
