import { useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import type { Notification } from '@/lib/contracts/notifications'
import { describeError } from '@/lib/http/errors'
import { accountQueries } from '../api/account-queries'
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/notification-calls'
import { NotificationItem } from './notification-item'
import { NotificationSettingsForm } from './notification-settings-form'
import styles from './notifications.module.css'

const PAGE_SIZE = 20

/**
 * /s/notifications: every notification of the user, newest first, twenty at a time ("Show older" asks for the next
 * page after the last one shown: keyset, so nothing repeats or is skipped as new ones arrive), all or unread only;
 * mark one or all read; and which kinds also come by e-mail.
 */
export function NotificationsScreen() {
  const headingId = useId()
  const [unreadOnly, setUnreadOnly] = useState(false)
  const list = useInfiniteQuery(accountQueries.notifications({ unread: unreadOnly, pageSize: PAGE_SIZE }))
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const items = list.data?.pages.flatMap((p) => p.items)
  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id)
  }

  return (
    <div className={styles.centre}>
      <section aria-labelledby={headingId} className={styles.centre}>
        <h2 id={headingId} className={styles.panelHeading}>
          Your notifications
        </h2>
        <div className={styles.toolbar}>
          <label>
            <input type="checkbox" checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} /> Unread only
          </label>
          <Button
            type="button"
            variant="secondary"
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            loadingText="Marking…"
          >
            Mark all read
          </Button>
        </div>
        {list.isError ? (
          <ErrorState
            message={describeError(list.error, "We couldn't load your notifications.")}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : !items ? (
          <Skeleton count={4} label="Loading your notifications" />
        ) : items.length === 0 ? (
          <p className={styles.empty}>
            {unreadOnly
              ? 'No unread notification.'
              : 'No notification yet. Mentions, assignments, escalations, screening candidates and decisions on your requests appear here.'}
          </p>
        ) : (
          <ul className={styles.list} aria-labelledby={headingId}>
            {items.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onOpen={open}
                onMarkRead={(x) => markRead.mutate(x.id)}
                marking={markRead.isPending && markRead.variables === n.id}
              />
            ))}
          </ul>
        )}
        {list.hasNextPage && (
          <div>
            <Button
              type="button"
              variant="secondary"
              onClick={() => void list.fetchNextPage()}
              loading={list.isFetchingNextPage}
              loadingText="Loading…"
            >
              Show older
            </Button>
          </div>
        )}
      </section>
      <NotificationSettingsForm />
    </div>
  )
}
