import Head from 'next/head'
import { ChangePasswordForm } from '@/features/account/components/change-password-form'
import { ProfileDetailsForm } from '@/features/account/components/profile-details-form'
import { SignedInPage } from '@/features/account/components/signed-in-page'

export default function ProfilePage() {
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
          </>
        )}
      </SignedInPage>
    </>
  )
}
