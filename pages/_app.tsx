import type { QueryClient } from '@tanstack/react-query'
import App, { type AppContext, type AppProps } from 'next/app'
import Head from 'next/head'
import { useCallback, useEffect } from 'react'
import { AppProviders } from '@/components/layouts/app-providers'
import { replayEarlyEvents } from '@/components/layouts/early-events'
import { notify } from '@/components/ui/toasts'
import { endSession } from '@/features/account/api/session-calls'
import { SESSION_EXPIRED_MESSAGE, SESSION_EXPIRED_TOAST_ID } from '@/lib/http/interceptor-constants'
import { usePortalNavigation } from '@/lib/navigation/use-portal-navigation'
import '@/styles/globals.css'

/** After a 401 (storage already cleared by the HTTP layer): end the portal's cookie session too. */
const endExpiredSession = (queryClient: QueryClient) => endSession(queryClient).catch(() => undefined)

export default function PortalApp({ Component, pageProps }: AppProps) {
  const { toLogin } = usePortalNavigation()
  // The first effect after the page has hydrated: the taps and submits held before then are made now.
  useEffect(replayEarlyEvents, [])

  // Spec section 4: at the end of the idle countdown the session is over; back to login, remembering the page.
  const endIdleSession = useCallback(
    async (queryClient: QueryClient) => {
      const from = window.location.pathname + window.location.search
      await endSession(queryClient).catch(() => undefined)
      notify(SESSION_EXPIRED_MESSAGE, { type: 'info', toastId: SESSION_EXPIRED_TOAST_ID })
      await toLogin(from)
    },
    [toLogin],
  )

  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>Business onboarding and KYC portal</title>
      </Head>
      <AppProviders onSessionExpired={endExpiredSession} onIdleTimeout={endIdleSession}>
        <Component {...pageProps} />
      </AppProviders>
    </>
  )
}

// Render every page per request (no static optimisation) so each response carries a fresh CSP nonce.
PortalApp.getInitialProps = (context: AppContext) => App.getInitialProps(context)
