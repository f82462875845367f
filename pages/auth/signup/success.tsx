import Head from 'next/head'
import { useRouter } from 'next/router'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { paths } from '@/lib/navigation/paths'

export default function SignupSuccessPage() {
  const { query } = useRouter()
  const email = typeof query.email === 'string' ? query.email : null
  return (
    <>
      <Head>
        <title>Check your e-mail · KYC Portal</title>
      </Head>
      <AuthCard title="Check your e-mail" footer={<Link href={paths.auth.login()}>Back to sign in</Link>}>
        <p role="status">
          We have sent an activation link to {email ? <strong>{email}</strong> : 'your e-mail address'}. Open it within 24 hours
          to activate your account.
        </p>
        <p>
          No e-mail after a few minutes? Check your spam folder, or{' '}
          <Link href={paths.auth.resendActivation(email)}>send a new link</Link>.
        </p>
      </AuthCard>
    </>
  )
}
