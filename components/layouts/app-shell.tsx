import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { cx } from '@/components/ui/cx'
import { Link } from '@/components/ui/link'
import { buildNavigation, findActiveItem, homePathFor } from '@/lib/navigation/nav-items'
import { pathnameOf } from '@/lib/navigation/route-paths'
import styles from './app-shell.module.css'
import { UserMenu, type UserMenuUser } from './user-menu'

export interface AppShellUser extends UserMenuUser {
  /** The businesses the user belongs to (the account's memberships): staff see the business area only with some. */
  businesses?: readonly unknown[]
}

/** The path of the page whose shell was shown last in this visit (null before the first). */
let lastShellPath: string | null = null

export interface AppShellProps {
  /** The signed-in user; null while the account is loading (no user menu and no navigation yet). */
  user: AppShellUser | null
  /** Permission names from `GET /accounts/me/permissions`. */
  permissions: readonly string[]
  isStaff: boolean
  iswStaff: boolean
  onLogout: () => void
  /** Sign-out in progress. */
  loggingOut?: boolean
  /** The page's path (and query): marks the current link with `aria-current="page"` and closes the phone menu. */
  currentPath?: string
  /** The page's heading (`h1`). */
  title?: ReactNode
  /** What the header shows before the user menu (the notification bell), when the user is known. */
  headerActions?: ReactNode
  children?: ReactNode
}

/**
 * The signed-in frame: a header (brand, a menu button on narrow screens, the user menu), the navigation of the
 * areas the user may use (lib/navigation/nav-items.ts), and the page. Presentational: the data comes in as props
 * (features/account/components/portal-layout.tsx fetches it).
 */
export function AppShell({
  user,
  permissions,
  isStaff,
  iswStaff,
  onLogout,
  loggingOut,
  currentPath = '',
  title,
  headerActions,
  children,
}: AppShellProps) {
  const navId = useId()
  // No navigation until the user is known: a guess would flash the wrong area.
  const sections = useMemo(
    () => (user ? buildNavigation({ permissions, isStaff, iswStaff, hasBusinesses: (user.businesses?.length ?? 0) > 0 }) : []),
    [user, permissions, isStaff, iswStaff],
  )
  const active = findActiveItem(sections, currentPath)
  // The phone menu stays open only on the page where it was opened: following a link closes it.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const navOpen = openOn === currentPath
  const hasNav = sections.length > 0
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const navRef = useRef<HTMLElement>(null)
  const titleRef = useRef<HTMLHeadingElement>(null)
  // Opening another page in the portal (a record from its list, a list from the menu) puts focus on its heading, so
  // the keyboard and screen readers start there; the first page of a visit keeps the browser's focus. Each page
  // mounts its own shell, hence the module-level memory. Query changes (filters, paging) keep focus where it is.
  const pathname = pathnameOf(currentPath)
  useEffect(() => {
    if (lastShellPath !== null && lastShellPath !== pathname) titleRef.current?.focus({ preventScroll: true })
    lastShellPath = pathname
  }, [pathname])
  // Opening the phone menu moves focus into it (its current link, else its first), so the keyboard continues there.
  useEffect(() => {
    if (!navOpen) return
    const links = navRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]')
    const current = navRef.current?.querySelector<HTMLAnchorElement>('a[aria-current="page"]')
    ;(current ?? links?.[0])?.focus()
  }, [navOpen])
  const closeNavOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !navOpen) return
    setOpenOn(null)
    menuButtonRef.current?.focus()
  }

  return (
    <div className={styles.shell}>
      <a href="#main-content" className={styles.skipLink}>
        Skip to main content
      </a>
      <header className={styles.header}>
        {hasNav && (
          <button
            ref={menuButtonRef}
            type="button"
            className={styles.menuButton}
            aria-expanded={navOpen}
            aria-controls={navId}
            onClick={() => setOpenOn(navOpen ? null : currentPath)}
            onKeyDown={closeNavOnEscape}
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" width="20" height="20">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span>Menu</span>
          </button>
        )}
        <Link
          href={homePathFor({ isStaff, iswStaff, permissions, hasBusinesses: (user?.businesses?.length ?? 0) > 0 })}
          className={styles.brand}
        >
          KYC Portal
        </Link>
        {user && headerActions}
        {user && <UserMenu user={user} onLogout={onLogout} loggingOut={loggingOut} />}
      </header>
      <div className={styles.body}>
        {hasNav && (
          <nav
            ref={navRef}
            id={navId}
            aria-label="Portal"
            className={cx(styles.nav, navOpen && styles.navOpen)}
            onKeyDown={closeNavOnEscape}
          >
            {sections.map((section) => (
              <div key={section.id} className={styles.navSection}>
                <h2 className={styles.navHeading} id={`${navId}-${section.id}`}>
                  {section.label}
                </h2>
                <ul className={styles.navList} aria-labelledby={`${navId}-${section.id}`}>
                  {section.items.map((item) => (
                    <li key={item.id}>
                      <Link
                        href={item.href}
                        className={styles.navLink}
                        aria-current={active?.id === item.id ? 'page' : undefined}
                      >
                        {item.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
        )}
        <main id="main-content" className={styles.main} tabIndex={-1}>
          {title && (
            <h1 ref={titleRef} className={styles.title} tabIndex={-1}>
              {title}
            </h1>
          )}
          {children}
        </main>
      </div>
    </div>
  )
}
