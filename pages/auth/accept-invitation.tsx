import Head from 'next/head'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { useSignIn } from '@/features/account/components/use-sign-in'
import { PasswordChecklist } from '@/features/account/components/password-checklist'
import { AcceptInvitationForm } from '@/features/businesses/components/accept-invitation-form'
import { paths } from '@/lib/navigation/paths'

export default function AcceptInvitationPage() {
  const signIn = useSignIn()
  return (
    <>
      <Head>
        <title>Accept your invitation · KYC Portal</title>
      </Head>
      <AuthCard
        title="Join your business"
        intro="You were invited to a business on the KYC Portal. Choose a password: your account is activated and you are signed in."
        footer={<Link href={paths.auth.login()}>Back to sign in</Link>}
      >
        <AcceptInvitationForm
          checklistId="password-rules"
          checklist={<PasswordChecklist name="password" id="password-rules" />}
          signIn={signIn}
        />
      </AuthCard>
    </>
  )
}
