import type { Router } from 'next/router'
import { useEffect, useRef } from 'react'
import { afterPageLoad } from '@/lib/navigation/after-page-load'
import { pageViewPath } from '@/lib/navigation/route-paths'
import { getAuthData } from '@/lib/session/storage'

type Analytics = typeof import('@/lib/analytics')

let analytics: Promise<Analytics> | null = null
/**
 * lib/analytics, fetched on first use rather than shipped in every page's first-load JavaScript. Calls keep their
 * order: each waits on the same promise.
 */
function withAnalytics(call: (module: Analytics) => void): void {
  analytics ??= afterPageLoad().then(() => import('@/lib/analytics'))
  analytics.then(call).catch(() => undefined)
}

/**
 * Spec section 2, page-view tracking: `page(path)` for the first page and after every route change that lands on
 * another path (query-only and shallow changes are the same page). Only the path is sent: queries can carry
 * one-time tokens.
 *
 * The user is identified once signed in: after any page view, when the stored login answer names a user not
 * identified yet in this tab (after sign-in, or on a reload while signed in). Signing out forgets who was
 * identified, so the next sign-in identifies again.
 */
export function useShellTracking(events: Router['events']) {
  const lastPath = useRef<string | null>(null)
  const identifiedUser = useRef<string | null>(null)

  useEffect(() => {
    const identifyStoredUser = () => {
      const user = getAuthData()?.user
      const id = typeof user?.id === 'string' ? user.id : null
      if (!id) {
        identifiedUser.current = null
        return
      }
      if (identifiedUser.current === id) return
      identifiedUser.current = id
      const traits = { id, email: user?.email, firstName: user?.firstName, lastName: user?.lastName, isStaff: user?.isStaff }
      withAnalytics(({ identify }) => identify(traits))
    }
    const track = (url: string) => {
      const path = pageViewPath(url)
      if (path !== lastPath.current) {
        lastPath.current = path
        withAnalytics(({ page }) => page(path))
      }
      identifyStoredUser()
    }
    const onComplete = (url: string, { shallow }: { shallow: boolean }) => {
      if (!shallow) track(url)
    }

    track(window.location.pathname)
    events.on('routeChangeComplete', onComplete)
    return () => events.off('routeChangeComplete', onComplete)
  }, [events])
}
