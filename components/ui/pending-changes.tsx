import { AUTHORIZATION_DECIDER_WORDS } from '@/lib/contracts/authorization-values'
import type { PendingAuthorization } from '@/lib/contracts/authorizations'
import { formatDateTime } from '@/lib/format/date'
import { paths } from '@/lib/navigation/paths'
import { Link } from './link'
import { SentForApproval } from './sent-for-approval'
import styles from './sent-for-approval.module.css'

/**
 * The four-eyes requests waiting on a record (docs/domain.md#authorizations), shown on the record itself: what each
 * asks, whose it is, who can decide it, and a link to it when the viewer may open it. Nothing when none waits.
 */
export function PendingChanges({
  pending,
  sentFor = null,
}: {
  pending: readonly PendingAuthorization[] | undefined
  /** The request this screen just made, said until the list of pending requests shows it. */
  sentFor?: string | null
}) {
  // The request just made keeps its "Sent for approval" once the list shows it, so the confirmation does not vanish
  // the moment the list refreshes.
  const listed = pending?.some((p) => p.id === sentFor) ?? false
  return (
    <>
      {!listed && <SentForApproval authorizationId={sentFor} />}
      {pending?.map((p) => (
        <p key={p.id} role="status" className={styles.notice} data-pending-authorization={p.id}>
          {p.id === sentFor && 'Sent for approval. '}A request to {p.what} ({p.mine ? 'yours' : `by ${p.maker.name}`},{' '}
          {formatDateTime(p.createdAt)}) is waiting for {AUTHORIZATION_DECIDER_WORDS} to decide it.{' '}
          {p.visible && <Link href={paths.admin.authorizationDetails(p.id)}>See the request</Link>}
        </p>
      ))}
    </>
  )
}
