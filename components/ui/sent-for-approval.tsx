import { SENT_FOR_APPROVAL } from '@/lib/http/config-answer'
import { paths } from '@/lib/navigation/paths'
import { Link } from './link'
import styles from './sent-for-approval.module.css'

/**
 * Says a configuration change was sent for approval (FOUR_EYES_CONFIG) rather than made, with a link to the request:
 * the screen keeps showing the record as it still is.
 */
export function SentForApproval({ authorizationId }: { authorizationId: string | null }) {
  if (!authorizationId) return null
  return (
    <p role="status" className={styles.notice}>
      {SENT_FOR_APPROVAL} <Link href={paths.admin.authorizationDetails(authorizationId)}>See the request</Link>
    </p>
  )
}
