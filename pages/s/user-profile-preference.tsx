import { useQuery } from '@tanstack/react-query'
import Head from 'next/head'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { accountQueries } from '@/features/account/api/account-queries'
import { PreferencesForm } from '@/features/account/components/preferences-form'
import { SignedInPage } from '@/features/account/components/signed-in-page'

export default function UserProfilePreferencePage() {
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
