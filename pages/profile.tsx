import { lazyScreen } from '@/components/layouts/lazy-screen'
import { SignedInPage } from '@/features/account/components/signed-in-page'

// The forms (react-hook-form, the password rules) load in parallel with the account.
const ProfileDetailsForm = lazyScreen(
  () => import('@/features/account/components/profile-details-form').then((m) => m.ProfileDetailsForm),
  { count: 3, label: 'Loading your details' },
)
const ChangePasswordForm = lazyScreen(
  () => import('@/features/account/components/change-password-form').then((m) => m.ChangePasswordForm),
  { count: 3, label: 'Loading the password form' },
)
const FactorsSection = lazyScreen(() => import('@/features/account/components/factors-section').then((m) => m.FactorsSection), {
  count: 2,
  label: 'Loading your second factors',
})
const DownloadMyData = lazyScreen(() => import('@/features/account/components/download-my-data').then((m) => m.DownloadMyData), {
  count: 1,
  label: 'Loading',
})

const SessionsList = lazyScreen(() => import('@/features/account/components/sessions-list').then((m) => m.SessionsList), {
  count: 3,
  label: 'Loading your sessions',
})

const AvailabilityPanel = lazyScreen(
  () => import('@/features/service-levels/components/availability-panel').then((m) => m.AvailabilityPanel),
  { count: 2, label: 'Loading your availability' },
)

export default function ProfilePage() {
  return (
    <SignedInPage title="Your profile" preload={[ProfileDetailsForm, ChangePasswordForm]}>
      {(account) => (
        <>
          <ProfileDetailsForm account={account} />
          <ChangePasswordForm />
          <FactorsSection />
          {account.isStaff && <AvailabilityPanel />}
          <SessionsList />
          <DownloadMyData />
        </>
      )}
    </SignedInPage>
  )
}
