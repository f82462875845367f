import type { AppProps } from 'next/app'
import Head from 'next/head'
import { AppProviders } from '@/components/layouts/app-providers'
import { endSession } from '@/features/account/api/session-calls'
import '@/styles/globals.css'

export default function PortalApp({ Component, pageProps }: AppProps) {
  return (
    <>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Business onboarding and KYC portal</title>
      </Head>
      <AppProviders onSessionExpired={(queryClient) => endSession(queryClient).catch(() => undefined)}>
        <Component {...pageProps} />
      </AppProviders>
    </>
  )
}
