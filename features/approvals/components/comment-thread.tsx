import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Form } from '@/components/ui/form'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusBadge } from '@/components/ui/status-badge'
import type { BusinessCommentAdded, BusinessCommentInput } from '@/lib/contracts/reviews'
import { formatDayTime } from '@/lib/format/day'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError } from '@/lib/http/errors'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import sharedStyles from '@/styles/staff-screens.module.css'
import { approvalQueries } from '../api/approval-queries'
import { useAddComment } from '../api/review-calls'
import ownStyles from './approvals.module.css'
import { MentionCommentField } from './mention-comment-field'

const styles = { ...sharedStyles, ...ownStyles }

type Values = BusinessCommentInput

// The API's own schema (`PUT /businesses/attachment/{id}`): a comment is not blank.
const resolver = lazyZodResolver<Values, Values>(() =>
  import('@/lib/contracts/reviews').then((m) => m.businessCommentInputSchema as never),
)

/** The recommendation comments of a business (staff only), oldest first, and a box to add one when allowed. */
export function CommentThread({ businessId, canComment }: { businessId: string; canComment: boolean }) {
  const ids = { heading: useId() }
  const comments = useQuery(approvalQueries.comments(businessId))
  const add = useAddComment(businessId)
  const form = useForm<Values, unknown, Values>({ resolver, defaultValues: { comment: '' } })
  const [mentions, setMentions] = useState<BusinessCommentAdded['mentions'] | null>(null)

  usePreloadOnFirstInput(resolver, canComment)

  const submit = async (values: Values) => {
    try {
      const added = await add.mutateAsync(values.comment)
      setMentions(added.mentions.notified.length || added.mentions.notNotified.length ? added.mentions : null)
      form.reset({ comment: '' })
    } catch (error) {
      // The API client has told the reviewer already; a refused comment says why under the box too.
      applyApiErrors(error, form.setError, ['comment'])
    }
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
        <Form form={form} onSubmit={submit} className={styles.stackTight}>
          <MentionCommentField<Values> name="comment" label="Add a comment" rows={3} businessId={businessId} />
          <div role="status">
            {mentions && (
              <ul className={styles.small}>
                {mentions.notified.length > 0 && <li>Notified {mentions.notified.map((c) => c.name).join(', ')}.</li>}
                {mentions.notNotified.map((m) => (
                  <li key={m.handle} className={styles.error}>
                    {m.message}.
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" loading={form.formState.isSubmitting} loadingText="Adding…">
              Add comment
            </Button>
          </div>
        </Form>
      )}
    </section>
  )
}
