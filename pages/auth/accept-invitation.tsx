import Head from 'next/head'
import Link from 'next/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { PasswordChecklist } from '@/features/account/components/password-checklist'
import { AcceptInvitationForm } from '@/features/businesses/components/accept-invitation-form'
import { paths } from '@/lib/navigation/paths'

export default function AcceptInvitationPage() {
  return (
    <>
      <Head>
        <title>Accept your invitation · KYC Portal</title>
      </Head>
      <AuthCard
        title="Join your business"
        intro="You were invited to a business on the KYC Portal. Choose a password to activate your account, then sign in."
        footer={<Link href={paths.auth.login()}>Back to sign in</Link>}
      >
        <AcceptInvitationForm
          checklistId="password-rules"
          checklist={<PasswordChecklist name="password" id="password-rules" />}
        />
      </AuthCard>
    </>
  )
}
