import { useId, useState, type ReactNode } from 'react'
import { ReviewCommentDialog } from '@/components/review/review-comment-dialog'
import { Button } from '@/components/ui/button'
import { getApiErrors } from '@/lib/http/errors'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { ReviewDecision, ReviewDecisionInput } from '../api/types'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface DecisionPanelProps {
  /** What is decided, for the dialog titles ("the CAC documents of Acme Ltd"). */
  subject: string
  /** Shown above the buttons (what is pending, the current state). */
  children?: ReactNode
  /** Something is waiting for a decision. */
  pending: boolean
  /** What to say when nothing is pending. */
  notPendingText: string
  canDecide: boolean
  /** Four-eyes: the viewer made the record, registered the business or belongs to it. */
  isOwnRecord: boolean
  busy: boolean
  decide: (input: ReviewDecisionInput) => Promise<unknown>
  /** After the decision went through. */
  onDecided: (decision: ReviewDecision) => void
}

/** Approve, or decline with the reason the business reads; each confirmed first. Hidden without the permission. */
export function DecisionPanel({
  subject,
  children,
  pending,
  notPendingText,
  canDecide,
  isOwnRecord,
  busy,
  decide,
  onDecided,
}: DecisionPanelProps) {
  const heading = useId()
  const [decision, setDecision] = useState<ReviewDecision | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)

  const confirm = async (comment: string) => {
    if (!decision) return
    try {
      await decide({ decision, ...(comment ? { comment } : {}) })
      setDecision(null)
      onDecided(decision)
    } catch (error) {
      setServerError(getApiErrors(error).find((e) => e.field === 'comment')?.message ?? null)
    }
  }

  return (
    <section className={styles.panel} aria-labelledby={heading}>
      <h2 id={heading}>Decision</h2>
      {children}
      {!pending ? (
        <p className={styles.muted}>{notPendingText}</p>
      ) : !canDecide ? (
        <p className={styles.muted}>Reviewers holding the approval permission decide here.</p>
      ) : isOwnRecord ? (
        <p className={styles.warning} role="note" data-four-eyes>
          You made this record, registered the business or belong to it, so another reviewer must decide it: four-eyes.
        </p>
      ) : (
        <div className={styles.actions}>
          <Button
            onClick={() => {
              setServerError(null)
              setDecision('APPROVED')
            }}
          >
            Approve
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setServerError(null)
              setDecision('REJECTED')
            }}
          >
            Decline
          </Button>
        </div>
      )}
      <ReviewCommentDialog
        open={decision !== null}
        title={decision === 'APPROVED' ? `Approve ${subject}?` : `Decline ${subject}?`}
        description={
          decision === 'APPROVED' ? 'The business is told by e-mail.' : 'The business is e-mailed this reason and can correct it.'
        }
        confirmLabel={decision === 'APPROVED' ? 'Approve' : 'Decline'}
        destructive={decision === 'REJECTED'}
        commentLabel={decision === 'APPROVED' ? 'Comment' : 'Reason for declining'}
        required={decision === 'REJECTED'}
        busy={busy}
        serverError={serverError}
        onConfirm={(comment) => void confirm(comment)}
        onCancel={() => setDecision(null)}
      />
    </section>
  )
}
