import Head from 'next/head'
import { ActivateAccountView } from '@/features/account/components/activate-account-view'
import { AuthCard } from '@/features/account/components/auth-card'

export default function ActivatePage() {
  return (
    <>
      <Head>
        <title>Activate your account · KYC Portal</title>
      </Head>
      <AuthCard title="Activate your account">
        <ActivateAccountView />
      </AuthCard>
    </>
  )
}
