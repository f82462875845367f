import { useQueryClient } from '@tanstack/react-query'
import Head from 'next/head'
import { useRouter } from 'next/router'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { PasswordChecklist } from '@/features/account/components/password-checklist'
import { AcceptInvitationForm } from '@/features/businesses/components/accept-invitation-form'
import { paths } from '@/lib/navigation/paths'

export default function AcceptInvitationPage() {
  const router = useRouter()
  const queryClient = useQueryClient()
  // Signing in comes after the password is set: its code (and the account reads it makes) loads then.
  const signIn = async (credentials: { email: string; password: string }) => {
    const { signInAndGo } = await import('@/features/account/model/sign-in-flow')
    // A new account holds no factor, so there is no second step here (a required one leads to the enrolment page).
    await signInAndGo(router, queryClient, credentials)
  }
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
