import { PassThrough, Readable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { RISK_TIER_LABELS } from '@/lib/contracts/risk-values'
import { logger } from '@/server/logger'

type Row = [string, number]

/** The returns' sections as label/figure rows, one sheet each (the same words as the reports page). */
export function returnsSections(r: RegulatoryReturns): { sheet: string; rows: Row[] }[] {
  return [
    {
      sheet: 'Onboarding by risk tier',
      rows: r.onboardedByTier.map((t): Row => [t.tier === 'NONE' ? 'Not assessed' : RISK_TIER_LABELS[t.tier], t.businesses]),
    },
    {
      sheet: 'PEPs onboarded',
      rows: [
        ['PEPs onboarded', r.peps.onboarded],
        ['With the senior approval', r.peps.seniorApproved],
        ['Without it', r.peps.withoutSeniorApproval],
      ],
    },
    {
      sheet: 'Screening hits',
      rows: [
        ['Raised', r.screeningHits.raised],
        ['Still open', r.screeningHits.open],
        ['False matches', r.screeningHits.falseMatches],
        ['True matches', r.screeningHits.trueMatches],
        ['True matches reported to the NFIU', r.trueMatchesReported.reported],
        ['True matches without a report reference', r.trueMatchesReported.notReported],
      ],
    },
    {
      sheet: 'Periodic reviews',
      rows: [
        ['Due in the period', r.periodicReviews.due],
        ['Done in the period', r.periodicReviews.done],
        ['Overdue', r.periodicReviews.overdue],
      ],
    },
    {
      sheet: 'Deferrals',
      rows: [
        ['Outstanding', r.deferralsOutstanding.outstanding],
        ['Past their due date', r.deferralsOutstanding.overdue],
      ],
    },
  ]
}

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
