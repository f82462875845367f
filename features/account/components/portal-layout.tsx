import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useState, type ReactNode } from 'react'
import { AppShell } from '@/components/layouts/app-shell'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import type { Account } from '@/lib/contracts/accounts'
import { afterPageLoad } from '@/lib/navigation/after-page-load'
import { paths } from '@/lib/navigation/paths'
import { accountQueries } from '../api/account-queries'
import { endSession } from '../api/session-calls'
import { NotificationBell } from './notification-bell'
import { StepUpHost } from './step-up-host'

export interface PortalContext {
  account: Account
  /** Permission names from `GET /accounts/me/permissions`. */
  permissions: string[]
}

export interface PortalLayoutProps {
  /** The page's heading (`h1`). */
  title?: ReactNode
  /** The page; as a function it gets the account and permissions once both have loaded. */
  children: ReactNode | ((context: PortalContext) => ReactNode)
}

const NO_PERMISSIONS: string[] = []

/**
 * The signed-in frame of every portal page: loads the account and its permissions (`accountQueries.me()`,
 * `permissions()`), shows the shell with the navigation they allow, and the page once both are there; a skeleton
 * while loading and an error with a retry when either fails (a 401 is handled by the HTTP layer: back to login).
 * Signing out ends the API and cookie sessions, clears storage and the cache, and goes to login.
 */
export function PortalLayout({ title, children }: PortalLayoutProps) {
  const router = useRouter()
  const queryClient = useQueryClient()
  const me = useQuery(accountQueries.me())
  const permissions = useQuery(accountQueries.permissions())
  const [loggingOut, setLoggingOut] = useState(false)
  const preferences = useQuery(accountQueries.preferences())
  const marketingOptOut = preferences.data?.marketingOptOut

  // A user who opted out of marketing is not tracked (analytics is loaded lazily, so import it on demand).
  useEffect(() => {
    if (marketingOptOut === undefined) return
    void afterPageLoad()
      .then(() => import('@/lib/analytics'))
      .then((analytics) => analytics.setAnalyticsEnabled(!marketingOptOut))
  }, [marketingOptOut])

  const logOut = async () => {
    setLoggingOut(true)
    await endSession(queryClient).catch(() => undefined)
    await router.replace(paths.auth.login())
  }

  let content: ReactNode
  if (me.data && permissions.data) {
    content = typeof children === 'function' ? children({ account: me.data, permissions: permissions.data }) : children
  } else if (me.isError || permissions.isError) {
    content = (
      <ErrorState
        message="We could not load your account. Check your connection and try again."
        retrying={me.isFetching || permissions.isFetching}
        onRetry={() => {
          if (me.isError) void me.refetch()
          if (permissions.isError) void permissions.refetch()
        }}
      />
    )
  } else {
    content = <Skeleton count={4} label="Loading your account" />
  }

  const account = me.data && permissions.data ? me.data : null
  return (
    <AppShell
      user={account}
      permissions={permissions.data ?? NO_PERMISSIONS}
      isStaff={account?.isStaff ?? false}
      iswStaff={account?.iswStaff ?? false}
      onLogout={() => void logOut()}
      loggingOut={loggingOut}
      currentPath={router.asPath}
      title={title}
      headerActions={account && <NotificationBell />}
    >
      {content}
      <StepUpHost />
    </AppShell>
  )
}
