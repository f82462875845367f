import { Link } from '@/components/ui/link'
import { VisuallyHidden } from '@/components/ui/visually-hidden'
import { NOTIFICATION_KIND_LABELS, type Notification } from '@/lib/contracts/notifications'
import { formatDayTime } from '@/lib/format/day'
import { notificationHref } from '../model/notification-links'
import styles from './notifications.module.css'

/** One notification: its title links to its item (and marks it read), its kind and time, unread said in words. */
export function NotificationItem({
  notification: n,
  onOpen,
  onMarkRead,
  marking,
}: {
  notification: Notification
  onOpen: (n: Notification) => void
  onMarkRead?: (n: Notification) => void
  marking?: boolean
}) {
  const unread = !n.readAt
  return (
    <li className={unread ? styles.itemUnread : styles.item}>
      <Link href={notificationHref(n.target)} className={styles.itemLink} onClick={() => onOpen(n)}>
        {unread && (
          <>
            <VisuallyHidden>Unread:</VisuallyHidden>{' '}
          </>
        )}
        {n.title}
      </Link>
      {n.body && <p className={styles.itemBody}>{n.body}</p>}
      <p className={styles.itemMeta}>
        {NOTIFICATION_KIND_LABELS[n.kind]} · <time dateTime={n.createdAt}>{formatDayTime(n.createdAt)}</time>
        {unread && onMarkRead && (
          <>
            {' · '}
            <button type="button" className={styles.linkButton} onClick={() => onMarkRead(n)} disabled={marking}>
              Mark read<VisuallyHidden>: {n.title}</VisuallyHidden>
            </button>
          </>
        )}
      </p>
    </li>
  )
}
