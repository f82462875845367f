import { useState } from 'react'
import { ReviewCommentDialog } from '@/components/review/review-comment-dialog'
import { Button } from '@/components/ui/button'
import { notify } from '@/components/ui/toasts'
import { getApiErrors } from '@/lib/http/errors'
import sharedStyles from '@/styles/staff-screens.module.css'
import type { BulkResult, ReviewDecision } from '../api/types'
import type { QueueSelection } from './queue-selection'
import ownStyles from './staff-documents.module.css'

const styles = { ...sharedStyles, ...ownStyles }

export interface BulkDecisionBarProps {
  /** The queue's selection (`useQueueSelection`): the ids chosen, their names for the results; decided ids leave it. */
  selection: Pick<QueueSelection<unknown>, 'selected' | 'nameOf' | 'remove' | 'clear'>
  /** "CAC documents of 3 businesses", "3 deferrals". */
  describe: (count: number) => string
  /** The bulk decision call (a React Query mutation). */
  bulk: {
    isPending: boolean
    mutateAsync: (input: { ids: string[]; decision: ReviewDecision; comment?: string }) => Promise<BulkResult>
  }
}

/**
 * Decides the selected items at once with one shared comment (required to decline). Each item is its own transition
 * on the server; the answer lists those that were not decided and why.
 */
export function BulkDecisionBar({ selection, describe, bulk }: BulkDecisionBarProps) {
  const { selected, nameOf } = selection
  const [decision, setDecision] = useState<ReviewDecision | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [failures, setFailures] = useState<Array<{ id: string; name: string; message: string }>>([])

  const confirm = async (comment: string) => {
    if (!decision) return
    try {
      const result = await bulk.mutateAsync({ ids: [...selected], decision, ...(comment ? { comment } : {}) })
      setDecision(null)
      const failed = result.results.filter((r) => r.status !== 200)
      setFailures(failed.map((r) => ({ id: r.id, name: nameOf(r.id), message: r.message ?? `Refused (${r.status})` })))
      selection.remove(result.results.filter((r) => r.status === 200).map((r) => r.id))
      const verb = decision === 'APPROVED' ? 'approved' : 'declined'
      notify(
        failed.length
          ? `${result.succeeded} ${verb}; ${failed.length} not decided (see the list).`
          : `${describe(result.succeeded)} ${verb}.`,
        {
          type: failed.length ? 'warning' : 'success',
        },
      )
    } catch (error) {
      setServerError(getApiErrors(error).find((e) => e.field === 'comment')?.message ?? null)
    }
  }

  return (
    <>
      {selected.length > 0 && (
        <div className={styles.bulkBar} role="region" aria-label="Decide the selected items">
          <strong>{describe(selected.length)} selected</strong>
          <Button
            size="sm"
            onClick={() => {
              setServerError(null)
              setDecision('APPROVED')
            }}
          >
            Approve selected
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => {
              setServerError(null)
              setDecision('REJECTED')
            }}
          >
            Decline selected
          </Button>
          <Button size="sm" variant="link" onClick={selection.clear}>
            Clear selection
          </Button>
        </div>
      )}
      {failures.length > 0 && (
        <div className={styles.alert} role="alert">
          <p className={styles.small}>These were not decided:</p>
          <ul className={styles.results}>
            {failures.map((f) => (
              <li key={f.id}>
                <strong>{f.name}</strong>: {f.message}
              </li>
            ))}
          </ul>
          <Button size="sm" variant="link" onClick={() => setFailures([])}>
            Dismiss
          </Button>
        </div>
      )}
      <ReviewCommentDialog
        open={decision !== null}
        title={decision === 'APPROVED' ? `Approve ${describe(selected.length)}?` : `Decline ${describe(selected.length)}?`}
        description={
          decision === 'APPROVED'
            ? 'Each is approved on its own; the businesses are told by e-mail.'
            : 'Each is declined on its own with this one reason, which every business reads.'
        }
        confirmLabel={decision === 'APPROVED' ? 'Approve all' : 'Decline all'}
        destructive={decision === 'REJECTED'}
        commentLabel={decision === 'APPROVED' ? 'Shared comment' : 'Shared reason for declining'}
        required={decision === 'REJECTED'}
        busy={bulk.isPending}
        serverError={serverError}
        onConfirm={(comment) => void confirm(comment)}
        onCancel={() => setDecision(null)}
      />
    </>
  )
}
