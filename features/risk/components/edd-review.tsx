import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { EddItemView } from '@/lib/contracts/risk-edd'
import { FUNDS_ORIGIN_LABELS, WEALTH_ORIGIN_LABELS } from '@/lib/contracts/risk-values'
import { describeError } from '@/lib/http/errors'
import { kycReads } from '@/lib/query/shared-queries'
import styles from './risk.module.css'

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 })

/** One answer as staff read it: each field with its label. */
function answerLines(item: EddItemView): [string, string][] {
  const a = item.answer
  if (!a) return []
  const origins: Readonly<Record<string, string>> = item.item === 'SOURCE_OF_WEALTH' ? WEALTH_ORIGIN_LABELS : FUNDS_ORIGIN_LABELS
  const lines: [string, string][] = []
  if (a.origin !== undefined) lines.push(['Origin', origins[String(a.origin)] ?? String(a.origin)])
  if (a.explanation !== undefined) lines.push(['Explanation', String(a.explanation)])
  if (a.purpose !== undefined) lines.push(['Purpose', String(a.purpose)])
  if (a.monthlyTransactions !== undefined)
    lines.push(['Transactions a month', Number(a.monthlyTransactions).toLocaleString('en-NG')])
  if (a.monthlyValueNaira !== undefined) lines.push(['Value a month', naira.format(Number(a.monthlyValueNaira))])
  if (a.counterparties !== undefined) lines.push(['Counterparties', String(a.counterparties)])
  if (a.countries !== undefined) lines.push(['Countries', String(a.countries)])
  return lines
}

const DOCUMENT_STATUS = { PENDING: 'waiting for review', APPROVED: 'approved', REJECTED: 'rejected' } as const

/**
 * The enhanced due diligence in the business review (docs/risk.md#what-staff-see): each item's answer and supporting
 * document, what is still missing; or, for a business not HIGH, that none is required (answers given before are shown).
 */
export function EddReview({ businessId }: { businessId: string }) {
  const details = useQuery(kycReads.details(businessId))
  const kycDetailsId = details.data?.id
  const edd = useQuery({ ...kycReads.enhancedDueDiligence(kycDetailsId ?? ''), enabled: !!kycDetailsId })
  if (details.isError || edd.isError)
    return <p role="alert">{describeError(details.error ?? edd.error, "We couldn't load the enhanced due diligence.")}</p>
  if (details.data === null) return <p>No KYC record yet.</p>
  if (!edd.data) return <Skeleton count={2} label="Loading the enhanced due diligence" />
  const answered = edd.data.items.filter((i) => i.answer || i.document)
  if (!edd.data.required)
    return (
      <p className={styles.muted}>
        Not required: the business is not rated high-risk.
        {answered.length > 0 && ' Answers given while it was are kept below.'}
      </p>
    )
  return (
    <div data-testid="edd-review">
      <p>
        {edd.data.outstanding === 0
          ? 'Complete: every item is answered with its supporting documents.'
          : `${edd.data.outstanding} ${edd.data.outstanding === 1 ? 'thing is' : 'things are'} still missing; the approval waits for them.`}
      </p>
      <ul className={styles.eddItems}>
        {edd.data.items.map((item) => (
          <li key={`${item.item}-${item.shareholderId ?? ''}`}>
            <div className={styles.head}>
              <h4>{item.label}</h4>
              <StatusBadge
                status={item.complete ? 'EDD_COMPLETE' : 'EDD_MISSING'}
                label={item.complete ? 'Complete' : 'Missing'}
                tone={item.complete ? 'success' : 'warning'}
              />
            </div>
            {item.answer ? (
              <dl className={styles.eddAnswer}>
                {answerLines(item).map(([term, value]) => (
                  <div key={term}>
                    <dt>{term}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className={styles.muted}>Not answered.</p>
            )}
            {item.documentTypeName && (
              <p className={styles.muted}>
                {item.documentTypeName}:{' '}
                {item.document
                  ? `${item.document.fileName}, ${DOCUMENT_STATUS[item.document.status]} (in the documents section)`
                  : 'not uploaded'}
              </p>
            )}
            {item.missing.length > 0 && <p className={styles.muted}>Missing: {item.missing.join('; ')}.</p>}
          </li>
        ))}
      </ul>
    </div>
  )
}
