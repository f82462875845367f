import { useQuery } from '@tanstack/react-query'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { ErrorState } from '@/components/ui/error-state'
import { Skeleton } from '@/components/ui/skeleton'
import { accountQueries } from '../api/account-queries'
import { SignedInPage } from './signed-in-page'

// The form loads in parallel with the account and the preferences rather than with the page (JavaScript budget).
const PreferencesForm = lazyScreen(() => import('./preferences-form').then((m) => m.PreferencesForm), {
  count: 3,
  label: 'Loading your preferences',
})

/** /s/user-profile-preference: the preferences are read beside the account, then the form opens on them. */
export function PreferencesPage() {
  const preferences = useQuery(accountQueries.preferences())
  return (
    <SignedInPage title="Preferences" preload={[PreferencesForm]}>
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
  )
}
