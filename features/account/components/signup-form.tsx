import { useRouter } from 'next/router'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { signupSchema, SignupInput } from '@/lib/contracts/accounts'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { useSignUp } from '../api/public-account-calls'
import styles from './auth-card.module.css'
import { NewPasswordField } from './password-checklist'

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'password'] as const
const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.signupSchema))

export function SignupForm() {
  const router = useRouter()
  const signUp = useSignUp()
  const form = useForm<SignupInput, unknown, z.output<typeof signupSchema>>({
    resolver,
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '' },
    mode: 'onTouched',
  })

  usePreloadOnFirstInput(resolver)

  const submit = async (values: z.output<typeof signupSchema>) => {
    try {
      await signUp.mutateAsync(values)
      await router.push(paths.auth.signupSuccess(values.email))
    } catch (error) {
      // Only a refused request needs the API's field errors: not part of the page's first-load JavaScript.
      const { applyApiErrors } = await import('@/lib/http/apply-api-errors')
      applyApiErrors(error, form.setError, FIELDS)
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Create an account">
      <div className={styles.stack}>
        <div className={styles.row}>
          <TextField name="firstName" label="First name" autoComplete="given-name" required />
          <TextField name="lastName" label="Last name" autoComplete="family-name" required />
        </div>
        <TextField name="email" type="email" label="E-mail address" required />
        <TextField
          name="phone"
          type="tel"
          label="Phone number"
          hint="Nigerian number, e.g. 0803 123 4567 or +234 803 123 4567"
          required
        />
        <NewPasswordField name="password" label="Password" />
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Creating your account…" fullWidth>
          Create account
        </Button>
      </div>
    </Form>
  )
}
