import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { clientOnly } from '@/components/layouts/client-only'
import { NOTIFICATION_POLL_MS } from '@/lib/contracts/notification-values'
import { accountQueries } from '../api/account-queries'
import { bellLabel } from '../model/notification-links'
import styles from './notifications.module.css'

// The list, its calls and its formatting load when the bell is first opened: the shell stays small.
const NotificationPanel = clientOnly(
  () => import('./notification-panel').then((m) => m.NotificationPanel),
  () => <p className={styles.panelLoading}>Loading your notifications…</p>,
)

/**
 * The bell in the portal's header: the unread count (asked every minute while the tab is visible, and when it gets
 * focus again) and a panel of the latest notifications. Escape or a click elsewhere closes it, focus back on the bell.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const count = useQuery({
    ...accountQueries.unreadCount(),
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  })
  const unread = count.data?.unread

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    event.stopPropagation()
    setOpen(false)
    buttonRef.current?.focus()
  }

  return (
    <div ref={rootRef} className={styles.bell} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.bellButton}
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20">
          <path
            d="M10 2.5a5 5 0 0 0-5 5v3.2L3.5 13.5h13L15 10.7V7.5a5 5 0 0 0-5-5zM8 15.5a2 2 0 0 0 4 0"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        {!!unread && (
          <span className={styles.badge} aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && <NotificationPanel onNavigate={() => setOpen(false)} />}
      </div>
    </div>
  )
}
