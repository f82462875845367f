import { useInfiniteQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import type { Notification } from '@/lib/contracts/notifications'
import { describeError } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { accountQueries } from '../api/account-queries'
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notification-calls'
import { NotificationItem } from './notification-item'
import styles from './notifications.module.css'

/** The first page the bell's panel shows; the centre (`/s/notifications`) has them all. */
export const PANEL_PAGE = { unread: false, pageSize: 8 }

/** The bell's panel: the latest notifications, mark one or all read, a link to the centre. */
export function NotificationPanel({ onNavigate }: { onNavigate: () => void }) {
  const headingId = useId()
  const list = useInfiniteQuery(accountQueries.notifications(PANEL_PAGE))
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const items = list.data?.pages[0]?.items
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id)
    onNavigate()
  }

  return (
    <section aria-labelledby={headingId} className={styles.panelBody}>
      <div className={styles.panelHeader}>
        <h2 id={headingId} className={styles.panelHeading}>
          Notifications
        </h2>
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => markAll.mutate()}
          disabled={markAll.isPending || !items?.some((n) => !n.readAt)}
        >
          Mark all read
        </button>
      </div>
      {list.isError ? (
        <ErrorState
          message={describeError(list.error, "We couldn't load your notifications.")}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : !items ? (
        <Skeleton count={3} label="Loading your notifications" />
      ) : items.length === 0 ? (
        <p className={styles.empty}>Nothing new. Mentions, assignments and decisions on your requests appear here.</p>
      ) : (
        <ul className={styles.list} aria-labelledby={headingId}>
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} />
          ))}
        </ul>
      )}
      <p className={styles.panelFooter}>
        <Link href={paths.notifications()} onClick={onNavigate}>
          All notifications
        </Link>
      </p>
    </section>
  )
}
