import type { PageRead } from '@/lib/query/page-answers'
import { reportReads } from '@/lib/query/shared-queries'

/** The business list's filters the summary reads (the list below keeps them in the URL). */
const SUMMARY_KEYS = [
  'businessName',
  'regNo',
  'approvalStatus',
  'kycDetailsCompleted',
  'typeId',
  'categoryId',
  'createdBy',
  'productId',
  'blocked',
  'from',
  'to',
] as const

export function summaryQuery(query: Readonly<Record<string, string>>): Array<[string, string]> {
  const out: Array<[string, string]> = []
  for (const key of SUMMARY_KEYS) if (query[key]) out.push([key, query[key]])
  const archive = query.archiveStatus
  if (archive === 'ALL') out.push(['archiveStatus', 'ACTIVE'], ['archiveStatus', 'ARCHIVED'])
  else if (archive) out.push(['archiveStatus', archive])
  // `riskTier=HIGH,PROHIBITED` in the address: the filter repeated, as the list sends it.
  for (const tier of query.riskTier?.split(',').filter(Boolean) ?? []) out.push(['riskTier', tier])
  return out
}

/**
 * What the reports page reads before its first tab can paint, for `readPageAnswers` (after the frame's own,
 * `portalFrameReads`): on the businesses tab, the counts the charts show for the filters in the address (none on another
 * tab). The list under the charts loads its chunk after (it starts below the fold, under panels of a fixed height); the
 * page reads its first page with these (pages/s/admin/reports.tsx).
 */
export function reportsFirstReads(query: Readonly<Record<string, string | string[] | undefined>>): PageRead[] {
  const flat: Record<string, string> = {}
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value
    if (first !== undefined) flat[key] = first
  }
  if (flat.tab && flat.tab !== 'businesses') return []
  const summary = summaryQuery(flat)
  const search = new URLSearchParams(summary).toString()
  return [
    {
      path: `/reports/businesses/summary${search ? `?${search}` : ''}`,
      queryKey: reportReads.businessSummary(summary).queryKey,
    },
  ]
}
