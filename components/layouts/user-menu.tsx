import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from '@/components/ui/link'
import { initials } from '@/lib/format/initials'
import { paths } from '@/lib/navigation/paths'
import styles from './app-shell.module.css'

export interface UserMenuUser {
  firstName: string
  lastName: string
  email: string
}

export interface UserMenuProps {
  user: UserMenuUser
  onLogout: () => void
  /** Sign-out in progress: the item is disabled. */
  loggingOut?: boolean
}

/** The user's full name, or their e-mail when both names are blank. */
export function displayName(user: UserMenuUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email
}

const ITEM_SELECTOR = '[data-menu-item]:not([disabled])'

/**
 * The signed-in user's menu: an avatar button (`aria-expanded`, `aria-controls`) that shows Profile, Preferences and
 * Sign out (a disclosure, so its entries stay ordinary links and a button).
 * Keyboard: Enter/Space toggle; ArrowDown on the button opens and focuses the first entry; ArrowUp/ArrowDown,
 * Home/End move between entries; Escape closes and returns focus to the button. Tabbing out or clicking elsewhere
 * closes it.
 */
export function UserMenu({ user, onLogout, loggingOut = false }: UserMenuProps) {
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  const menuId = useId()
  const name = displayName(user)
  const avatar = initials(name) || '?'

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  const items = () => Array.from(listRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? [])

  const focusItem = (which: 'first' | 'last' | 'next' | 'previous') => {
    const list = items()
    if (list.length === 0) return
    const current = list.indexOf(document.activeElement as HTMLElement)
    const index =
      which === 'first'
        ? 0
        : which === 'last'
          ? list.length - 1
          : which === 'next'
            ? (current + 1) % list.length
            : (current - 1 + list.length) % list.length
    list[index]?.focus()
  }

  const close = (returnFocus: boolean) => {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setOpen(true)
      // The list renders on open; focus once it is there.
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 'first' : 'last'))
    }
  }

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return
    switch (event.key) {
      case 'Escape':
        event.preventDefault()
        event.stopPropagation()
        close(true)
        break
      case 'ArrowDown':
        if (event.target === buttonRef.current) return
        event.preventDefault()
        focusItem('next')
        break
      case 'ArrowUp':
        if (event.target === buttonRef.current) return
        event.preventDefault()
        focusItem('previous')
        break
      case 'Home':
        event.preventDefault()
        focusItem('first')
        break
      case 'End':
        event.preventDefault()
        focusItem('last')
        break
    }
  }

  return (
    <div
      ref={rootRef}
      className={styles.userMenu}
      onKeyDown={onMenuKeyDown}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.userButton}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={onButtonKeyDown}
      >
        <span className={styles.avatar} aria-hidden="true">
          {avatar}
        </span>
        <span className={styles.userName}>
          <span className={styles.srOnly}>Account menu for</span> {name}
        </span>
        <svg aria-hidden="true" focusable="false" className={styles.chevron} viewBox="0 0 12 12" width="12" height="12">
          <path d="M2.5 4.5L6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      <div id={menuId} className={styles.userPanel} hidden={!open}>
        <p className={styles.userSummary}>
          <span className={styles.userSummaryName}>{name}</span>
          <span className={styles.userSummaryEmail}>{user.email}</span>
        </p>
        <ul ref={listRef} className={styles.userList}>
          <li>
            <Link href={paths.profile()} className={styles.userItem} data-menu-item="" onClick={() => setOpen(false)}>
              Profile
            </Link>
          </li>
          <li>
            <Link href={paths.preferences()} className={styles.userItem} data-menu-item="" onClick={() => setOpen(false)}>
              Preferences
            </Link>
          </li>
          <li>
            <button
              type="button"
              className={styles.userItem}
              data-menu-item=""
              disabled={loggingOut}
              onClick={() => {
                setOpen(false)
                onLogout()
              }}
            >
              {loggingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </li>
        </ul>
      </div>
    </div>
  )
}
