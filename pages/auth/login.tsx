import Head from 'next/head'
import Link from 'next/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { LoginForm } from '@/features/account/components/login-form'

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
            <Link href="/auth/forgot-password">Forgot your password?</Link>
            <Link href="/auth/signup">Create an account</Link>
            <Link href="/auth/resend-activation-token">Resend activation link</Link>
          </>
        }
      >
        <LoginForm />
      </AuthCard>
    </>
  )
}
