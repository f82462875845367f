import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import { formatDayTime } from '@/lib/format/day'
import { describeError } from '@/lib/http/errors'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries } from '../api/approval-queries'
import { useAddComment } from '../api/review-calls'
import ownStyles from './approvals.module.css'
import { CommentField } from './comment-field'

const styles = { ...sharedStyles, ...ownStyles }

/** The recommendation comments of a business (staff only), oldest first, and a box to add one when allowed. */
export function CommentThread({ businessId, canComment }: { businessId: string; canComment: boolean }) {
  const ids = { heading: useId(), text: useId(), error: useId() }
  const comments = useQuery(approvalQueries.comments(businessId))
  const add = useAddComment(businessId)
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) return setError('Write a comment')
    add.mutate(text.trim(), { onSuccess: () => setText('') })
  }

  return (
    <section className={styles.panel} aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Recommendation comments</h2>
      {comments.isError ? (
        <ErrorState
          message={describeError(comments.error, "We couldn't load the comments.")}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : !comments.data ? (
        <Skeleton count={2} label="Loading the comments" />
      ) : comments.data.length === 0 ? (
        <p className={styles.muted}>No comment yet.</p>
      ) : (
        <ol className={styles.list} aria-labelledby={ids.heading}>
          {comments.data.map((c) => (
            <li key={c.id} className={styles.comment}>
              <p className={styles.small}>
                <strong>{c.author.name}</strong> · <time dateTime={c.createdAt}>{formatDayTime(c.createdAt)}</time>{' '}
                {c.decision && <StatusBadge status={c.decision} label={c.decision === 'APPROVED' ? 'Approved' : 'Declined'} />}
              </p>
              {c.comment ? <p>{c.comment}</p> : <p className={styles.muted}>(no comment)</p>}
            </li>
          ))}
        </ol>
      )}
      {canComment && (
        <form className={styles.stackTight} onSubmit={submit} noValidate>
          <CommentField
            id={ids.text}
            errorId={ids.error}
            label="Add a comment"
            rows={3}
            value={text}
            error={error}
            onChange={(value) => {
              setText(value)
              setError(null)
            }}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" loading={add.isPending} loadingText="Adding…">
              Add comment
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
