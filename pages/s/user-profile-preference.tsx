import { useQuery } from '@tanstack/react-query'
import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { accountQueries } from '@/features/account/api/account-queries'
import { SignedInPage } from '@/features/account/components/signed-in-page'

// The form loads in parallel with the account and the preferences rather than with the page (JavaScript budget).
const loadPreferencesForm = () => import('@/features/account/components/preferences-form').then((m) => m.PreferencesForm)
const PreferencesForm = dynamic(loadPreferencesForm, {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading your preferences" />,
})

export default function UserProfilePreferencePage() {
  useEffect(() => void loadPreferencesForm(), [])
  const preferences = useQuery(accountQueries.preferences())
  return (
    <>
      <Head>
        <title>Preferences · KYC Portal</title>
      </Head>
      <SignedInPage title="Preferences">
        {(account) =>
          preferences.data ? (
            <PreferencesForm preferences={preferences.data} businesses={account.businesses} />
          ) : preferences.isError ? (
            <ErrorState message="We could not load your preferences." onRetry={() => preferences.refetch()} />
          ) : (
            <Skeleton count={3} label="Loading your preferences" />
          )
        }
      </SignedInPage>
    </>
  )
}
