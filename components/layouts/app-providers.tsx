import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { keepToastsThroughNextNavigation, notify, Toasts, useToastsClearedOnNavigation } from '@/components/ui/toasts'
import { httpEvents } from '@/lib/http/events'
import { preloadApiClientOnFirstInput } from '@/lib/http/lazy-client'
import { afterPageLoad } from '@/lib/navigation/after-page-load'
import { isIdleWatchedPath } from '@/lib/navigation/route-paths'
import { createQueryClient } from '@/lib/query/client'
import { captureChannel } from '@/lib/session/storage'
import { useRouteProgress } from './use-route-progress'
import { useShellTracking } from './use-shell-tracking'

// The idle timer (react-idle-timer, ~7 kB gzip, and the dialog) is fetched only on the /s/ routes it watches, in
// the browser. React.lazy rather than next/dynamic, whose loader would add ~2 kB to every page's first load.
const IdleTimeout = lazy(() => import('./idle-timeout').then((module) => ({ default: module.IdleTimeout })))

export interface AppProvidersProps {
  children: ReactNode
  /** Called after a 401 (storage already cleared): end the portal's cookie session too. */
  onSessionExpired?: (queryClient: QueryClient) => void | Promise<void>
  /**
   * Called when the idle warning's countdown reaches 0 on a /s/ route (spec section 4): end the session and go to
   * login. Without it, no idle timer runs.
   */
  onIdleTimeout?: (queryClient: QueryClient) => void | Promise<void>
}

/**
 * One QueryClient per browser session, toasts (top-right, 5 s, light, three at most, repeats merged, errors closed on
 * navigation; spec section 9), the bridge that turns the HTTP layer's events into toasts and navigation (so lib/http
 * never touches the UI itself), and the shell
 * behaviour of spec section 2: the route-change progress bar, page-view tracking (and identifying the signed-in
 * user), and the session-timeout warning on /s/ routes.
 */
export function AppProviders({ children, onSessionExpired, onIdleTimeout }: AppProvidersProps) {
  const router = useRouter()
  const [queryClient] = useState(() => createQueryClient())
  useRouteProgress(router.events)
  useShellTracking(router.events)
  useToastsClearedOnNavigation(router.events)
  // The idle timer exists only in the browser: it renders once the page has loaded.
  const [settled, setSettled] = useState(false)
  useEffect(() => {
    let live = true
    void afterPageLoad().then(() => {
      if (live) setSettled(true)
    })
    return () => {
      live = false
    }
  }, [])
  // The API client (axios and its interceptors) is not in the first-load JavaScript, and a page whose first reads
  // came with it calls nothing once painted: it is fetched on the visitor's first pointer or key, before the call that
  // follows (a form's submit, a button's action) needs it, or by the first call itself.
  useEffect(() => preloadApiClientOnFirstInput(), [])

  useEffect(() => {
    const offToast = httpEvents.on('toast', ({ type, message, toastId }) => {
      notify(message, { type, toastId })
    })
    const offNavigate = httpEvents.on('navigate', ({ to, replace, reason }) => {
      if (reason === 'session-expired') keepToastsThroughNextNavigation()
      void (replace ? router.replace(to) : router.push(to))
    })
    const offExpired = httpEvents.on('session-expired', () => {
      void onSessionExpired?.(queryClient)
    })
    return () => {
      offToast()
      offNavigate()
      offExpired()
    }
  }, [router, queryClient, onSessionExpired])

  // `?channel=` on any page records where the visitor came from (docs/domain.md#where-a-visitor-came-from).
  useEffect(() => {
    if (router.isReady) captureChannel(router.query as Record<string, string | string[] | undefined>)
  }, [router.isReady, router.query])

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {settled && onIdleTimeout && isIdleWatchedPath(router.asPath) && (
        <Suspense fallback={null}>
          <IdleTimeout onTimeout={() => onIdleTimeout(queryClient)} />
        </Suspense>
      )}
      <Toasts />
    </QueryClientProvider>
  )
}
