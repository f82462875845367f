import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { notify } from '@/components/ui/toasts'
import type { businessDecisionInputSchema } from '@/lib/contracts/reviews'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries } from '../api/approval-queries'
import { useDecideBusiness } from '../api/review-calls'
import type { Business } from '../api/types'
import { ApprovalChecklist } from './approval-checklist'
import ownStyles from './approvals.module.css'
import { CommentField } from './comment-field'

const styles = { ...sharedStyles, ...ownStyles }

interface Values {
  decision: 'APPROVED' | 'DECLINED'
  comment: string
}
type Output = z.output<typeof businessDecisionInputSchema>

// The API's own schema: a decline needs its reason (the business reads it).
const resolver = lazyZodResolver<Values, Output>(() =>
  import('@/lib/contracts/reviews').then((m) => m.businessDecisionInputSchema as never),
)

export interface DecisionPanelProps {
  business: Business
  /** The user holds CAN_APPROVE_BUSINESS. */
  canDecide: boolean
  /** Four-eyes: the user registered the business or belongs to it, so someone else decides. */
  isOwnRecord: boolean
}

/**
 * The preconditions as a checklist and, for a reviewer who may decide this business, the decision: approve (only
 * when every precondition is met) or decline with the reason the business will read.
 */
export function DecisionPanel({ business, canDecide, isOwnRecord }: DecisionPanelProps) {
  const ids = { heading: useId() }
  const pending = business.approvalStatus === 'PENDING'
  // The preconditions of a decision: once decided, the decision itself is what the panel shows.
  const checklist = useQuery({ ...approvalQueries.checklist(business.id), enabled: pending })
  const decide = useDecideBusiness(business.id)
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { decision: 'APPROVED', comment: '' } })
  const decision = useWatch({ control: form.control, name: 'decision' })
  // The checked decision, waiting for its confirmation.
  const [confirming, setConfirming] = useState<Output | null>(null)
  const unmet = checklist.data?.filter((c) => !c.met) ?? []

  usePreloadOnFirstInput(resolver)

  // The decision is asked again in a dialog, as every other decision of the review is.
  const submit = (values: Output) => setConfirming(values)

  const confirm = () => {
    if (!confirming) return
    const { comment } = confirming
    decide.mutate(
      { decision: confirming.decision, ...(comment ? { comment } : {}) },
      {
        onSuccess: (b) => {
          notify(
            b.approvalStatus === 'APPROVED'
              ? `${b.name} is approved. Its owners have been told.`
              : b.decision?.seniorApprovalPending
                ? `First approval recorded: ${b.name} is high-risk and now waits for a senior manager's approval.`
                : `${b.name} is declined. Its owners have the reason.`,
            { type: 'success' },
          )
          form.resetField('comment')
          setConfirming(null)
        },
        onError: (e) => {
          setConfirming(null)
          applyApiErrors(e, form.setError, ['comment'])
        },
      },
    )
  }

  return (
    <section className={styles.panel} aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Decision</h2>
      {business.decision && (
        <p className={styles.notice}>
          <StatusBadge status={business.decision.decision} /> by {business.decision.decidedBy}
          {business.decision.comment ? `: “${business.decision.comment}”` : ''}
        </p>
      )}
      {!pending ? null : checklist.isError ? (
        <ErrorState
          message={describeError(checklist.error, "We couldn't check the preconditions.")}
          onRetry={() => void checklist.refetch()}
          retrying={checklist.isFetching}
        />
      ) : checklist.data ? (
        <ApprovalChecklist checks={checklist.data} />
      ) : (
        <Skeleton count={4} label="Checking the preconditions" />
      )}
      {!pending ? (
        <p className={styles.muted}>
          {business.approvalStatus === 'APPROVED'
            ? 'This business is approved: there is nothing left to decide.'
            : 'This business is declined: it comes back here once it submits its KYC again.'}
        </p>
      ) : !canDecide ? (
        <p className={styles.muted}>Reviewers who may approve businesses decide here.</p>
      ) : isOwnRecord ? (
        <p className={styles.warning} role="note" data-four-eyes>
          You registered this business (or belong to it), so another reviewer must decide it: four-eyes.
        </p>
      ) : (
        <Form form={form} onSubmit={submit} className={styles.stackTight} aria-labelledby={ids.heading}>
          <fieldset className={styles.choices}>
            <legend className="visually-hidden">Decision</legend>
            <label>
              <input type="radio" value="APPROVED" {...form.register('decision')} /> Approve
            </label>
            <label>
              <input type="radio" value="DECLINED" {...form.register('decision')} /> Decline
            </label>
          </fieldset>
          <CommentField<Values>
            name="comment"
            label={decision === 'DECLINED' ? 'Reason for declining (the business reads it)' : 'Comment (optional)'}
            rows={4}
            required={decision === 'DECLINED'}
          />
          {decision === 'APPROVED' && unmet.length > 0 && (
            <p className={styles.muted}>Approval waits for every precondition above. You can still decline with a reason.</p>
          )}
          <div className={styles.actions}>
            <Button
              type="submit"
              variant={decision === 'DECLINED' ? 'danger' : 'primary'}
              loading={decide.isPending}
              loadingText="Saving the decision…"
              disabled={decision === 'APPROVED' && (!checklist.data || unmet.length > 0)}
            >
              {decision === 'APPROVED' ? 'Approve business' : 'Decline business'}
            </Button>
          </div>
          <ConfirmDialog
            open={confirming !== null}
            title={decision === 'APPROVED' ? `Approve ${business.name}?` : `Decline ${business.name}?`}
            description={
              decision === 'APPROVED'
                ? 'The business is approved for a year and its owners are e-mailed. This cannot be undone here.'
                : 'The business is declined with your reason, its KYC reopens for changes and its owners are e-mailed.'
            }
            confirmLabel={decision === 'APPROVED' ? 'Approve business' : 'Decline business'}
            destructive={decision === 'DECLINED'}
            busy={decide.isPending}
            busyText="Saving the decision…"
            onConfirm={confirm}
            onCancel={() => setConfirming(null)}
          />
        </Form>
      )}
    </section>
  )
}
