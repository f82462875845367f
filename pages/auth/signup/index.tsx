import Head from 'next/head'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { SignupForm } from '@/features/account/components/signup-form'
import { paths } from '@/lib/navigation/paths'

export default function SignupPage() {
  return (
    <>
      <Head>
        <title>Create an account · KYC Portal</title>
      </Head>
      <AuthCard
        title="Create your account"
        intro="Register to onboard your business and apply for our products."
        footer={
          <>
            Already registered? <Link href={paths.auth.login()}>Sign in</Link>
          </>
        }
      >
        <SignupForm />
      </AuthCard>
    </>
  )
}
