import Head from 'next/head'
import { useRouter } from 'next/router'
import { useState } from 'react'
import { Link } from '@/components/ui/link'
import { useResendActivation } from '@/features/account/api/public-account-calls'
import { AuthCard } from '@/features/account/components/auth-card'
import { EmailRequestForm } from '@/features/account/components/email-request-form'
import { paths } from '@/lib/navigation/paths'

export default function ResendActivationPage() {
  const { query } = useRouter()
  const resend = useResendActivation()
  const [sentMessage, setSentMessage] = useState<string | null>(null)
  return (
    <>
      <Head>
        <title>Resend activation link · KYC Portal</title>
      </Head>
      <AuthCard title="Resend the activation link" footer={<Link href={paths.auth.login()}>Back to sign in</Link>}>
        {sentMessage ? (
          <p role="status">{sentMessage}</p>
        ) : (
          <EmailRequestForm
            label="Resend the activation link"
            submitLabel="Send a new link"
            defaultEmail={typeof query.email === 'string' ? query.email : undefined}
            onSubmit={async (input) => setSentMessage((await resend.mutateAsync(input)).message)}
          />
        )}
      </AuthCard>
    </>
  )
}
