import { useRouter } from 'next/router'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { resetPasswordFormSchema, ResetPasswordFormInput } from '@/lib/contracts/accounts'
import { RESET_CODE_DIGITS } from '@/lib/contracts/reset-code'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useResetPassword } from '../api/public-account-calls'
import styles from './auth-card.module.css'
import { NewPasswordField } from './password-checklist'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.resetPasswordFormSchema))

/** Step 2 of the password reset (forgot-password-flow.tsx): the e-mailed code and a new password. */
export function ResetWithCode({ email, onRestart }: { email: string; onRestart: () => void }) {
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
