import { Link } from '@/components/ui/link'
import { useRouter } from 'next/router'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { notify } from '@/components/ui/toasts'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { resetPasswordFormSchema, ResetPasswordFormInput } from '@/lib/contracts/accounts'
import { RESET_CODE_DIGITS } from '@/lib/contracts/reset-code'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useRecoverPassword, useResetPassword } from '../api/public-account-calls'
import styles from './auth-card.module.css'
import { EmailRequestForm } from './email-request-form'
import { NewPasswordField } from './password-checklist'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.resetPasswordFormSchema))

/** Step 1: ask for a code by e-mail. Step 2: enter the code and a new password. */
export function ForgotPasswordFlow() {
  const router = useRouter()
  const initialEmail = typeof router.query.email === 'string' ? router.query.email : ''
  const [email, setEmail] = useState<string | null>(null)
  const recover = useRecoverPassword()

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
  return <ResetWithCode email={email.trim()} onRestart={() => setEmail(null)} />
}

function ResetWithCode({ email, onRestart }: { email: string; onRestart: () => void }) {
  const router = useRouter()
  const reset = useResetPassword()
  const form = useForm<ResetPasswordFormInput, unknown, z.output<typeof resetPasswordFormSchema>>({
    resolver,
    defaultValues: { email, otp: '', password: '' },
  })
  useEffect(() => void resolver.preload(), [])
  const submit = async (values: z.output<typeof resetPasswordFormSchema>) => {
    try {
      const answer = await reset.mutateAsync(values)
      notify(answer.message, { type: 'success' })
      await router.push(paths.auth.login())
    } catch (error) {
      applyApiErrors(error, form.setError, ['otp', 'email', 'password'])
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label="Reset your password">
      <div className={styles.stack}>
        <p className={styles.notice} role="status">
          If an account uses this address, a {RESET_CODE_DIGITS}-digit code is on its way. It expires in 10 minutes.
        </p>
        <TextField name="email" type="email" label="E-mail address" required />
        <TextField
          name="otp"
          label={`${RESET_CODE_DIGITS}-digit code`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_DIGITS}
          required
        />
        <NewPasswordField name="password" label="New password" />
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Resetting…" fullWidth>
          Reset password
        </Button>
        <p>
          No code?{' '}
          <button type="button" className="link-button" onClick={onRestart}>
            Send a new one
          </button>{' '}
          or <Link href={paths.auth.login()}>go back to sign in</Link>.
        </p>
      </div>
    </Form>
  )
}
