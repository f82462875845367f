import Head from 'next/head'
import { useLoadedComponent } from '@/components/layouts/use-loaded-component'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { LoginForm } from '@/features/account/components/login-form'
import { paths } from '@/lib/navigation/paths'

// Single sign-on waits for its settings anyway: its code loads after the page (first-load budget).
const loadSsoButton = () => import('@/features/account/components/sso-button').then((m) => m.SsoButton)

export default function LoginPage() {
  const SsoButton = useLoadedComponent(loadSsoButton)
  return (
    <>
      <Head>
        <title>Sign in · KYC Portal</title>
      </Head>
      <AuthCard
        title="Sign in"
        footer={
          <>
            <Link href={paths.auth.forgotPassword()}>Forgot your password?</Link>
            <Link href={paths.auth.signup()}>Create an account</Link>
            <Link href={paths.auth.resendActivation()}>Resend activation link</Link>
          </>
        }
      >
        <LoginForm />
        {SsoButton && <SsoButton />}
      </AuthCard>
    </>
  )
}
