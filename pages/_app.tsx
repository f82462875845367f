import App, { type AppContext, type AppProps } from 'next/app'
import Head from 'next/head'
import { AppProviders } from '@/components/layouts/app-providers'
import { endSession } from '@/features/account/api/session-calls'
import '@/styles/globals.css'

export default function PortalApp({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <title>Business onboarding and KYC portal</title>
      </Head>
      <AppProviders onSessionExpired={(queryClient) => endSession(queryClient).catch(() => undefined)}>
        <Component {...pageProps} />
      </AppProviders>
    </>
  )
}

// Render every page per request (no static optimisation) so each response carries a fresh CSP nonce.
PortalApp.getInitialProps = (context: AppContext) => App.getInitialProps(context)
