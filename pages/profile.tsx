import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { SignedInPage } from '@/features/account/components/signed-in-page'

// The forms (react-hook-form, the password rules) load in parallel with the account, which the page waits for
// anyway, rather than with the page: the route stays within its JavaScript budget and nothing shows later.
const loadProfileDetailsForm = () =>
  import('@/features/account/components/profile-details-form').then((m) => m.ProfileDetailsForm)
const loadChangePasswordForm = () =>
  import('@/features/account/components/change-password-form').then((m) => m.ChangePasswordForm)
const ProfileDetailsForm = dynamic(loadProfileDetailsForm, {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading your details" />,
})
const ChangePasswordForm = dynamic(loadChangePasswordForm, {
  ssr: false,
  loading: () => <Skeleton count={3} label="Loading the password form" />,
})
const DownloadMyData = dynamic(() => import('@/features/account/components/download-my-data').then((m) => m.DownloadMyData), {
  ssr: false,
  loading: () => <Skeleton count={1} label="Loading" />,
})

export default function ProfilePage() {
  useEffect(() => {
    void loadProfileDetailsForm()
    void loadChangePasswordForm()
  }, [])
  return (
    <>
      <Head>
        <title>Your profile · KYC Portal</title>
      </Head>
      <SignedInPage title="Your profile">
        {(account) => (
          <>
            <ProfileDetailsForm account={account} />
            <ChangePasswordForm />
            <DownloadMyData />
          </>
        )}
      </SignedInPage>
    </>
  )
}
