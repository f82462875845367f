import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { RISK_TIER_LABELS } from '@/lib/contracts/risk-values'

export type ReturnsRow = [label: string, count: number]

/**
 * The returns' sections as label/figure rows, in the words staff read: the reports page's tables and the workbook's
 * sheets (docs/risk.md#regulatory-returns).
 */
export function returnsSections(r: RegulatoryReturns): { sheet: string; caption: string; rows: ReturnsRow[] }[] {
  return [
    {
      sheet: 'Onboarding by risk tier',
      caption: 'Businesses onboarded in the period, by risk tier',
      rows: r.onboardedByTier.map((t): ReturnsRow => [
        t.tier === 'NONE' ? 'Not assessed' : RISK_TIER_LABELS[t.tier],
        t.businesses,
      ]),
    },
    {
      sheet: 'PEPs onboarded',
      caption: 'Politically exposed persons onboarded',
      rows: [
        ['PEPs onboarded', r.peps.onboarded],
        ['With the senior approval', r.peps.seniorApproved],
        ['Without it', r.peps.withoutSeniorApproval],
        ['With their enhanced due diligence complete', r.peps.eddComplete],
        ['With it incomplete', r.peps.eddIncomplete],
      ],
    },
    {
      sheet: 'Screening hits',
      caption: 'Screening candidates raised in the period',
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
      caption: 'Periodic reviews',
      rows: [
        ['Due in the period', r.periodicReviews.due],
        ['Done in the period', r.periodicReviews.done],
        ['Overdue', r.periodicReviews.overdue],
      ],
    },
    {
      sheet: 'Deferrals',
      caption: 'Deferrals outstanding',
      rows: [
        ['Outstanding', r.deferralsOutstanding.outstanding],
        ['Past their due date', r.deferralsOutstanding.overdue],
      ],
    },
  ]
}
