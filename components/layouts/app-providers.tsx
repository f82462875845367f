import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import { useEffect, useState, type ReactNode } from 'react'
import { notify, Toasts } from '@/components/ui/toasts'
import { httpEvents } from '@/lib/http'
import { createQueryClient } from '@/lib/query'
import { captureChannel } from '@/lib/session/storage'

export interface AppProvidersProps {
  children: ReactNode
  /** Called after a 401 (storage already cleared): end the portal's cookie session too. */
  onSessionExpired?: (queryClient: QueryClient) => void | Promise<void>
}

/**
 * One QueryClient per browser session, toasts (top-right, 5 s, light; spec section 9), and the bridge that turns
 * the HTTP layer's events into toasts and navigation, so lib/http never touches the UI itself.
 */
export function AppProviders({ children, onSessionExpired }: AppProvidersProps) {
  const router = useRouter()
  const [queryClient] = useState(() => createQueryClient())

  useEffect(() => {
    const offToast = httpEvents.on('toast', ({ type, message, toastId }) => {
      notify(message, { type, toastId })
    })
    const offNavigate = httpEvents.on('navigate', ({ to, replace }) => {
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

  // domain.md: `?channel=` on any page records where the visitor came from.
  useEffect(() => {
    if (router.isReady) captureChannel(router.query as Record<string, string | string[] | undefined>)
  }, [router.isReady, router.query])

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toasts />
    </QueryClientProvider>
  )
}
