import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { RiskTierBadge as TierBadge } from '@/components/review/risk-tier-badge'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { PendingChanges } from '@/components/ui/pending-changes'
import { ScrollTable } from '@/components/ui/scroll-table'
import { Skeleton } from '@/components/ui/skeleton'
import type { BusinessRisk } from '@/lib/contracts/risk'
import { RISK_ASSESSMENT_REASON_LABELS, RISK_TIER_LABELS, type RiskTier } from '@/lib/contracts/risk-values'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import { authorizationReads } from '@/lib/query/shared-queries'
import { riskQueries } from '../api/risk-queries'
import { EddReview } from './edd-review'
import { OverrideTierDialog, overrideRefusal } from './override-tier-dialog'
import styles from './risk.module.css'

/** The section's anchor in the business review. */
export const RISK_ANCHOR = 'risk'

/** What the tier asks of the reviewers, in words (docs/risk.md#tiers). */
const TIER_CONSEQUENCES: Record<RiskTier, string> = {
  LOW: 'Standard due diligence; recertified every three years by default.',
  MEDIUM: 'Standard due diligence; recertified every two years by default.',
  HIGH: 'Enhanced due diligence: after the usual approval, a senior manager (not the first approver) must approve; recertified every year by default.',
  PROHIBITED: 'A true sanctions match: this business cannot be approved.',
}

function Factors({ risk }: { risk: BusinessRisk }) {
  return (
    <ScrollTable caption="What the score is made of" className={styles.table} columns={['Factor', 'Why', 'Points']}>
      <tbody>
        {risk.factors.map((f) => (
          <tr key={`${f.code}-${f.detail}`}>
            <td>
              {f.label}
              <div className={styles.muted}>{f.source}</div>
            </td>
            <td>{f.detail}</td>
            <td className={styles.points}>{f.points > 0 ? `+${f.points}` : f.points}</td>
          </tr>
        ))}
        <tr>
          <th scope="row" colSpan={2}>
            Total
          </th>
          <td className={styles.points}>{risk.score}</td>
        </tr>
      </tbody>
    </ScrollTable>
  )
}

function History({ businessId }: { businessId: string }) {
  const history = useQuery(riskQueries.history(businessId))
  if (history.isError) return <p role="alert">{describeError(history.error, "We couldn't load the risk history.")}</p>
  if (!history.data) return <Skeleton count={2} label="Loading the risk history" />
  return (
    <ol className={styles.history}>
      {history.data.content.map((a) => (
        <li key={a.id}>
          {formatDayTime(a.assessedAt)}: {RISK_TIER_LABELS[a.tier]} ({a.score} points, model version {a.modelVersion}),{' '}
          {RISK_ASSESSMENT_REASON_LABELS[a.reason].toLowerCase()}
        </li>
      ))}
    </ol>
  )
}

/**
 * The override requests waiting on this business, and for staff who may override, "Override tier" (or why the tier
 * cannot be overridden).
 */
function Override({ businessId, risk, canOverride }: { businessId: string; risk: BusinessRisk | null; canOverride: boolean }) {
  const [open, setOpen] = useState(false)
  const [sent, setSent] = useState<string | null>(null)
  const pending = useQuery(authorizationReads.pending('business_risk'))
  const waiting = pending.data?.filter((p) => p.resourceId === businessId)
  const refusal = overrideRefusal(risk)
  return (
    <>
      <PendingChanges pending={waiting} sentFor={sent} />
      {canOverride &&
        (refusal ? (
          <p className={styles.muted}>{refusal}</p>
        ) : (
          !waiting?.length &&
          !sent && (
            <div>
              <Button variant="secondary" onClick={() => setOpen(true)}>
                Override tier
              </Button>
            </div>
          )
        ))}
      {canOverride && risk && !refusal && (
        <OverrideTierDialog
          businessId={businessId}
          risk={risk}
          open={open}
          onClose={() => setOpen(false)}
          onSent={(id) => {
            setSent(id)
            setOpen(false)
          }}
        />
      )}
    </>
  )
}

/**
 * The business's risk in the review (docs/risk.md#screens): the tier in force (an approved override beside the computed
 * tier), what it asks of the reviewers, the score factor by factor with its source, the senior approval it waits for,
 * the assessments before it, the override requests waiting and, for those who may, "Override tier".
 */
export function BusinessRiskSection({ businessId, canOverride = false }: { businessId: string; canOverride?: boolean }) {
  const headingId = useId()
  const risk = useQuery(riskQueries.business(businessId))
  return (
    <section id={RISK_ANCHOR} className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId}>Risk</h2>
        {risk.data && (
          <div className={styles.badges}>
            <TierBadge tier={risk.data.tier} />
            {risk.data.override && (
              <TierBadge tier={risk.data.computedTier} label={`Computed: ${RISK_TIER_LABELS[risk.data.computedTier]}`} />
            )}
          </div>
        )}
      </div>
      {risk.isError ? (
        <ErrorState
          message={describeError(risk.error, "We couldn't load the risk assessment.")}
          onRetry={() => void risk.refetch()}
        />
      ) : risk.data === undefined ? (
        <Skeleton count={3} label="Loading the risk assessment" />
      ) : risk.data === null ? (
        <>
          <p>Not assessed yet: the assessment is made when the KYC is submitted.</p>
          <Override businessId={businessId} risk={null} canOverride={canOverride} />
        </>
      ) : (
        <>
          <p>{TIER_CONSEQUENCES[risk.data.tier]}</p>
          {risk.data.firstApproval && (
            <p role="note">
              Approved by {risk.data.firstApproval.approvedBy} on {formatDayTime(risk.data.firstApproval.approvedAt)}: waiting for
              a senior manager&apos;s approval.
            </p>
          )}
          {risk.data.override && (
            <p>
              Overridden to {RISK_TIER_LABELS[risk.data.override.tier]} (computed{' '}
              {RISK_TIER_LABELS[risk.data.override.computedTier]} then): {risk.data.override.reason}
              {risk.data.override.reviewNeeded && ' The computed tier has changed since: examine the override again.'}
            </p>
          )}
          <Override businessId={businessId} risk={risk.data} canOverride={canOverride} />
          <p className={styles.muted}>
            Model version {risk.data.modelVersion}, assessed {formatDayTime(risk.data.assessedAt)} (
            {RISK_ASSESSMENT_REASON_LABELS[risk.data.reason].toLowerCase()}).
          </p>
          <Factors risk={risk.data} />
          <h3>Enhanced due diligence</h3>
          <EddReview businessId={businessId} />
          <h3>Earlier assessments</h3>
          <History businessId={businessId} />
        </>
      )}
    </section>
  )
}
