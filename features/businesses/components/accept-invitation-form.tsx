import { useRouter } from 'next/router'
import { useEffect, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { Link } from '@/components/ui/link'
import { TextField } from '@/components/ui/text-field'
import { notify } from '@/components/ui/toasts'
import type { acceptInvitationSchema } from '@/lib/contracts/accounts'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { describeError, fieldErrors, getApiErrors } from '@/lib/http/errors'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver } from '@/lib/validation/lazy-resolver'
import { useAcceptInvitation } from '../api/invitation-calls'
import styles from './accept-invitation.module.css'

type Values = z.input<typeof acceptInvitationSchema>
type Output = z.output<typeof acceptInvitationSchema>

const resolver = lazyZodResolver<Values, Output>(() => import('@/lib/contracts/accounts').then((m) => m.acceptInvitationSchema))

export interface AcceptInvitationFormProps {
  /** The live password rules, rendered under the password field inside the form (e.g. the account feature's checklist for `password`). */
  checklist?: ReactNode
  /** Id the checklist carries, linked to the password field. */
  checklistId?: string
  /**
   * Signs the person in with the e-mail the invitation went to and the password just set, and goes on (the account
   * feature's sign-in, wired by the page). Without it, or when it fails, the person is sent to the sign-in page.
   */
  signIn?: (credentials: { email: string; password: string }) => Promise<void>
}

/**
 * The e-mailed invitation link (`/auth/accept-invitation?token=`): the invited person chooses a password
 * (POST /accounts/accept-invitation { token, password }) and is signed in with it, never asked for the e-mail again.
 */
export function AcceptInvitationForm({ checklist, checklistId, signIn }: AcceptInvitationFormProps) {
  const router = useRouter()
  const token = typeof router.query.token === 'string' ? router.query.token : ''
  // Plain text, not a skeleton: this page is at the edge of its first-load budget (bench bundle, 150 kB).
  if (!router.isReady) return <p role="status">Reading your invitation…</p>
  if (!token) {
    return (
      <p role="alert" className={styles.alert}>
        This page needs the link from your invitation e-mail. Open the link again, or ask the business owner to invite you again.
      </p>
    )
  }
  return <PasswordForm token={token} checklist={checklist} checklistId={checklistId} signIn={signIn} />
}

function PasswordForm({ token, checklist, checklistId, signIn }: AcceptInvitationFormProps & { token: string }) {
  const router = useRouter()
  const accept = useAcceptInvitation()
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { token, password: '' }, mode: 'onTouched' })

  useEffect(() => void resolver.preload(), [])

  const submit = async (values: Output) => {
    try {
      const answer = await accept.mutateAsync(values)
      if (signIn) {
        try {
          await signIn({ email: answer.email, password: values.password })
          notify(answer.message, { type: 'success' })
          return
        } catch {
          // Set but not signed in (throttled, network): the sign-in page, where the password now works.
        }
      }
      notify(`${answer.message} Sign in with ${answer.email}.`, { type: 'success' })
      await router.push(paths.auth.login())
    } catch (error) {
      applyApiErrors(error, form.setError, ['password'])
      // A bad, used or expired link names the token, which has no field here: say it above the form.
      const tokenProblem = fieldErrors(error).token
      if (tokenProblem) form.setError('root.server', { message: tokenProblem })
      else if (getApiErrors(error).length === 0) form.setError('root.server', { message: describeError(error) })
    }
  }

  const tokenRefused = !!form.formState.errors.root?.server && !!accept.error && !!fieldErrors(accept.error).token
  return (
    <Form form={form} onSubmit={submit} aria-label="Choose your password">
      <div className={styles.formStack}>
        <TextField
          name="password"
          type="password"
          label="Password"
          autoComplete="new-password"
          required
          aria-describedby={checklistId}
        />
        {checklist}
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Setting your password…" fullWidth>
          Set password and continue
        </Button>
        {tokenRefused && (
          <p className={styles.muted}>
            Already set your password? <Link href={paths.auth.login()}>Sign in</Link>.
          </p>
        )}
      </div>
    </Form>
  )
}
