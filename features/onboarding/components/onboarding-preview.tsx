import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import { formatDateTime } from '@/lib/format/date'
import { describeError, getApiErrors } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'
import { businessStatus } from '@/lib/status/business-status'
import { kycStatus } from '@/lib/status/kyc-status'
import { MARK_LIVE_LABEL, productApplicationStatus } from '@/lib/status/product-status'
import styles from '@/styles/product-screens.module.css'
import { useCompleteOnboarding, useDecideOnboarding, useRemoveOnboarding } from '../api/onboarding-calls'
import { onboardingQueries } from '../api/onboarding-queries'
import type { OnboardingDetail } from '../api/types'
import { approvalBlockers } from '../model/approval-readiness'
import { AnswerList } from './answer-list'

type Action = 'approve' | 'decline' | 'complete' | 'remove'

/** `/s/admin/approvals/product-preview?id=`: one application with the business's standing, the answers and files. */
export function OnboardingPreview({ id, permissions }: { id: string; permissions: ReadonlySet<string> }) {
  const detail = useQuery(onboardingQueries.detail(id))
  if (detail.isError) {
    return (
      <ErrorState
        title="Couldn't load the application"
        message={describeError(detail.error)}
        onRetry={() => void detail.refetch()}
        retrying={detail.isFetching}
      />
    )
  }
  if (!detail.data) return <Skeleton count={8} label="Loading the application" />
  return <Preview detail={detail.data} permissions={permissions} />
}

function Preview({ detail, permissions }: { detail: OnboardingDetail; permissions: ReadonlySet<string> }) {
  const canDecide = permissions.has(PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT)
  const canRemove = permissions.has(PERMISSIONS.CAN_REMOVE_ONBOARDED_PRODUCT)
  const b = detail.business
  const status = productApplicationStatus(detail.status)
  const kyc = kycStatus(b)
  const approval = businessStatus(b)
  return (
    <div className={styles.stack}>
      <p>
        <Link href={paths.approvals.products()}>Back to the applications</Link>
      </p>
      <div className={styles.grid2}>
        <section className={styles.panel} aria-labelledby="application-facts">
          <div className={styles.toolbar}>
            <h2 id="application-facts">{detail.product.name}</h2>
            <StatusBadge status={detail.status} label={status.label} tone={status.tone} />
          </div>
          <dl className={styles.facts}>
            <dt>Product code</dt>
            <dd>{detail.product.code}</dd>
            <dt>Category</dt>
            <dd>{detail.product.category}</dd>
            <dt>Applied</dt>
            <dd>{formatDateTime(detail.createdAt)}</dd>
            <dt>Submitted</dt>
            <dd>{detail.submittedAt ? formatDateTime(detail.submittedAt) : 'Not yet'}</dd>
            {detail.decidedAt && (
              <>
                <dt>Decided</dt>
                <dd>{formatDateTime(detail.decidedAt)}</dd>
              </>
            )}
            {detail.decisionComment && (
              <>
                <dt>Comment</dt>
                <dd>{detail.decisionComment}</dd>
              </>
            )}
            {detail.completedAt && (
              <>
                <dt>Live since</dt>
                <dd>{formatDateTime(detail.completedAt)}</dd>
              </>
            )}
            <dt>Requirements</dt>
            <dd>Version {detail.requirementsVersion}</dd>
          </dl>
        </section>
        <section className={styles.panel} aria-labelledby="business-facts">
          <h2 id="business-facts">
            <Link href={paths.approvals.businessPreview(b.id)}>{b.name}</Link>
          </h2>
          <dl className={styles.facts}>
            <dt>Registration no.</dt>
            <dd>{b.regNo}</dd>
            <dt>Business approval</dt>
            <dd>
              <StatusBadge status={b.approvalStatus} label={approval.label} tone={approval.tone} />
            </dd>
            <dt>KYC</dt>
            <dd>{kyc.label}</dd>
            <dt>Archive</dt>
            <dd>
              <StatusBadge status={b.archiveStatus} />
            </dd>
            {b.blocked && (
              <>
                <dt>Blocked</dt>
                <dd>{b.blockedReasons.join('; ')}</dd>
              </>
            )}
          </dl>
        </section>
      </div>
      <section className={styles.panel} aria-labelledby="answers-heading">
        <h2 id="answers-heading">Answers</h2>
        <AnswerList detail={detail} />
        {detail.missingRequired.length > 0 && (
          <p className={styles.muted}>{detail.missingRequired.length} required answer(s) still missing.</p>
        )}
      </section>
      <Decisions detail={detail} canDecide={canDecide} canRemove={canRemove} />
    </div>
  )
}

function Decisions({ detail, canDecide, canRemove }: { detail: OnboardingDetail; canDecide: boolean; canRemove: boolean }) {
  const decide = useDecideOnboarding(detail.id)
  const complete = useCompleteOnboarding(detail.id)
  const remove = useRemoveOnboarding(detail.id)
  const [action, setAction] = useState<Action | null>(null)
  const [comment, setComment] = useState('')
  const [commentError, setCommentError] = useState<string | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const commentId = useId()

  // Approve is offered once the business itself may hold the product (the server's rule); until then the panel says why.
  const blockers = detail.status === 'IN_REVIEW' ? approvalBlockers(detail.business) : []
  const available: Action[] = [
    ...(canDecide && detail.status === 'IN_REVIEW' && blockers.length === 0 ? (['approve'] as const) : []),
    ...(canDecide && detail.status === 'IN_REVIEW' ? (['decline'] as const) : []),
    ...(canDecide && detail.status === 'APPROVED' ? (['complete'] as const) : []),
    ...(canRemove && detail.status !== 'COMPLETED' && detail.status !== 'REMOVED' ? (['remove'] as const) : []),
  ]
  if (available.length === 0) return null

  const run = async () => {
    if (action === 'decline' && !comment.trim()) {
      setCommentError('Say why the application is declined')
      return
    }
    setProblems([])
    try {
      if (action === 'approve')
        await decide.mutateAsync({ decision: 'APPROVED', ...(comment.trim() ? { comment: comment.trim() } : {}) })
      if (action === 'decline') await decide.mutateAsync({ decision: 'DECLINED', comment: comment.trim() })
      if (action === 'complete') await complete.mutateAsync()
      if (action === 'remove') await remove.mutateAsync()
      notify(DONE[action!], { type: 'success' })
    } catch (error) {
      const errors = getApiErrors(error)
      setProblems(errors.length ? errors.map((e) => e.message) : [describeError(error)])
    } finally {
      setAction(null)
      setComment('')
    }
  }

  const busy = decide.isPending || complete.isPending || remove.isPending
  return (
    <section className={styles.panel} aria-labelledby="decision-heading">
      <h2 id="decision-heading">Decision</h2>
      {problems.length > 0 && (
        <div className={styles.alert} role="alert">
          <p>That could not be done:</p>
          <ul>
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
      {canDecide && blockers.length > 0 && (
        <div className={styles.notice} role="note" data-waiting>
          <p>This application cannot be approved yet:</p>
          <ul>
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
          <p>
            <Link href={paths.approvals.businessPreview(detail.business.id)}>Open the business review</Link>. You can still
            decline the application with a reason.
          </p>
        </div>
      )}
      <div className={styles.actions}>
        {available.includes('approve') && <Button onClick={() => setAction('approve')}>Approve</Button>}
        {available.includes('decline') && (
          <Button variant="danger" onClick={() => setAction('decline')}>
            Decline
          </Button>
        )}
        {available.includes('complete') && <Button onClick={() => setAction('complete')}>{MARK_LIVE_LABEL}</Button>}
        {available.includes('remove') && (
          <Button variant="secondary" onClick={() => setAction('remove')}>
            Remove
          </Button>
        )}
      </div>
      <ConfirmDialog
        open={action !== null}
        title={action ? TITLES[action](detail) : ''}
        description={action ? DESCRIPTIONS[action] : undefined}
        confirmLabel={action ? LABELS[action] : 'Confirm'}
        destructive={action === 'decline' || action === 'remove'}
        busy={busy}
        onCancel={() => {
          setAction(null)
          setCommentError(null)
        }}
        onConfirm={() => void run()}
      >
        {(action === 'approve' || action === 'decline') && (
          <div className={styles.stackTight}>
            <label htmlFor={commentId}>{action === 'decline' ? 'Reason (the business sees it)' : 'Comment (optional)'}</label>
            <textarea
              id={commentId}
              className={styles.input}
              rows={3}
              maxLength={1000}
              value={comment}
              aria-invalid={commentError ? true : undefined}
              aria-describedby={commentError ? `${commentId}-error` : undefined}
              aria-required={action === 'decline' || undefined}
              onChange={(e) => {
                setComment(e.target.value)
                setCommentError(null)
              }}
            />
            {commentError && (
              <p id={`${commentId}-error`} className={styles.alert} role="alert">
                {commentError}
              </p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </section>
  )
}

const TITLES: Record<Action, (d: OnboardingDetail) => string> = {
  approve: (d) => `Approve ${d.business.name} for ${d.product.name}?`,
  decline: (d) => `Decline ${d.business.name} for ${d.product.name}?`,
  complete: (d) => `Mark ${d.business.name} live on ${d.product.name}?`,
  remove: (d) => `Remove ${d.business.name}'s ${d.product.name} application?`,
}
const DESCRIPTIONS: Record<Action, string> = {
  approve: 'The business must be approved itself. Mark it as live once the product is set up for them.',
  decline: 'The business can change its answers and submit again.',
  complete: 'The business is live on the product. This cannot be undone.',
  remove: 'The application is closed and kept on record. The business may apply again.',
}
const LABELS: Record<Action, string> = {
  approve: 'Approve',
  decline: 'Decline',
  complete: MARK_LIVE_LABEL,
  remove: 'Remove application',
}
const DONE: Record<Action, string> = {
  approve: 'Application approved.',
  decline: 'Application declined.',
  complete: 'Marked as live: the business is live on the product.',
  remove: 'Application removed.',
}
