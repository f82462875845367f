import { useRouter } from 'next/router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { notify } from '@/components/ui/toasts'
import { RESET_CODE_DIGITS } from '@/lib/contracts/reset-code'
import { afterPageLoad } from '@/lib/navigation/after-page-load'
import { useRecoverPassword } from '../api/public-account-calls'
import { EmailRequestForm } from './email-request-form'

// Step 2 shows only after step 1 (or "Enter it"): its form is not part of the page's first-load JavaScript. It is
// fetched once the page has loaded, so it is there when asked for.
const loadResetWithCode = () => import('./reset-with-code')
const ResetWithCode = lazy(() => loadResetWithCode().then((m) => ({ default: m.ResetWithCode })))

/** Step 1: ask for a code by e-mail. Step 2: enter the code and a new password. */
export function ForgotPasswordFlow() {
  const router = useRouter()
  const initialEmail = typeof router.query.email === 'string' ? router.query.email : ''
  const [email, setEmail] = useState<string | null>(null)
  const recover = useRecoverPassword()
  useEffect(() => {
    void afterPageLoad()
      .then(loadResetWithCode)
      .catch(() => undefined)
  }, [])

  if (!email) {
    return (
      <>
        <p>Enter the e-mail address of your account. We will send you a {RESET_CODE_DIGITS}-digit code.</p>
        <EmailRequestForm
          label="Request a reset code"
          submitLabel="Send me a code"
          defaultEmail={initialEmail}
          onSubmit={async (input) => {
            const answer = await recover.mutateAsync(input)
            notify(answer.message, { type: 'info' })
            setEmail(input.email)
          }}
        />
        <p>
          Already have a code?{' '}
          <button type="button" className="link-button" onClick={() => setEmail(initialEmail || ' ')}>
            Enter it
          </button>
        </p>
      </>
    )
  }
  return (
    <Suspense fallback={<Skeleton count={3} label="Loading the form" />}>
      <ResetWithCode email={email.trim()} onRestart={() => setEmail(null)} />
    </Suspense>
  )
}
