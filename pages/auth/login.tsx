import Head from 'next/head'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { LoginForm } from '@/features/account/components/login-form'
import { SsoButton } from '@/features/account/components/sso-button'
import { paths } from '@/lib/navigation/paths'

export default function LoginPage() {
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
        <SsoButton />
      </AuthCard>
    </>
  )
}
