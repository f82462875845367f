import { useEffect, useState } from 'react'
import { Button, buttonClassName } from '@/components/ui/button'
import { Link } from '@/components/ui/link'
import { StatusBadge } from '@/components/ui/status-badge'
import { getExternalBusinessUrl } from '@/lib/session/storage'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import type { ApiError, Business } from '../api/types'
import type { KycPreviewState } from '../model/kyc-preview-state'
import styles from './kyc.module.css'

export interface KycPreviewSummaryProps {
  business: Business
  state: KycPreviewState
  /** What the capture steps still lack, said before the user submits. */
  problems: readonly string[]
  /** What the completion call said is missing (its 409), once tried; `missingId` is its element's id, for focus. */
  missing: readonly ApiError[] | null
  missingId: string
  submitting: boolean
  onSubmit: () => void
  pdfBusy: boolean
  onDownloadPdf: () => void
  /** "Back to the KYC steps", when the user may change the KYC. */
  stepsHref: string | null
}

/** The head of the KYC preview: the business and its status, what is missing, and submit / PDF / back to the steps. */
export function KycPreviewSummary({ business, state, problems, missing, missingId, ...actions }: KycPreviewSummaryProps) {
  const approval = businessStatus(business)
  const kyc = kycStatus(business)
  const partner = usePartnerReturn()
  return (
    <div className={styles.panel}>
      <div className={styles.spread}>
        <div>
          <h2>{business.name}</h2>
          <p className={styles.muted}>{business.regNo}</p>
        </div>
        <div className={styles.badges}>
          <StatusBadge status={approval.code} label={approval.label} tone={approval.tone} />
          <StatusBadge status={kyc.code} label={kyc.label} tone={kyc.tone} />
        </div>
      </div>
      {state.underReview && <p className={styles.notice}>{approval.explanation}</p>}
      {state.underReview && partner && (
        <p>
          <a href={partner.url} className={buttonClassName({ variant: 'secondary' })}>
            Return to {partner.host}
          </a>
        </p>
      )}
      {problems.length > 0 && !missing && (
        <div className={styles.warning}>
          <p>
            {state.canSubmit
              ? 'Before you submit:'
              : state.readOnly && business.approvalStatus === 'APPROVED'
                ? 'Still open. The business is approved, so our staff make these changes:'
                : 'Still open:'}
          </p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {missing && (
        <div className={styles.alert} role="alert" id={missingId} tabIndex={-1} aria-labelledby={`${missingId}-title`}>
          <p id={`${missingId}-title`}>
            <strong>The KYC cannot be submitted yet. Still missing:</strong>
          </p>
          <ul>
            {missing.map((m) => (
              <li key={`${m.field ?? ''}${m.message}`}>{m.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={styles.actions}>
        {state.canSubmit && (
          <Button onClick={actions.onSubmit} loading={actions.submitting}>
            {state.submitLabel}
          </Button>
        )}
        <Button variant="secondary" onClick={actions.onDownloadPdf} loading={actions.pdfBusy}>
          Download PDF
        </Button>
        {actions.stepsHref && (
          <Link href={actions.stepsHref} className={buttonClassName({ variant: 'link' })}>
            Back to the KYC steps
          </Link>
        )}
      </div>
    </div>
  )
}

/**
 * The partner that handed this user over (`externalBusinessUrl`, set by the handover page from the return URL the API
 * verified against EXTERNAL_PARTNER_ORIGINS): shown once the KYC is submitted. Only http(s) URLs are offered.
 */
function usePartnerReturn(): { url: string; host: string } | null {
  const [partner, setPartner] = useState<{ url: string; host: string } | null>(null)
  useEffect(() => {
    const raw = getExternalBusinessUrl()
    if (!raw) return
    try {
      const url = new URL(raw)
      if (url.protocol === 'https:' || url.protocol === 'http:') setPartner({ url: url.href, host: url.host })
    } catch {
      // not a URL: nothing to offer
    }
  }, [])
  return partner
}
