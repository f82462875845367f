import Head from 'next/head'
import { Link } from '@/components/ui/link'
import { AuthCard } from '@/features/account/components/auth-card'
import { ForgotPasswordFlow } from '@/features/account/components/forgot-password-flow'
import { paths } from '@/lib/navigation/paths'

export default function ForgotPasswordPage() {
  return (
    <>
      <Head>
        <title>Reset your password · KYC Portal</title>
      </Head>
      <AuthCard title="Reset your password" footer={<Link href={paths.auth.login()}>Back to sign in</Link>}>
        <ForgotPasswordFlow />
      </AuthCard>
    </>
  )
}
