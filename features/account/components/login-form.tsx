import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { loginSchema, LoginInput } from '@/lib/contracts/accounts'
import { applyApiErrors } from '@/lib/http/apply-api-errors'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { useSignIn } from '../model/use-sign-in'
import styles from './auth-card.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.loginSchema))

export function LoginForm() {
  const signIn = useSignIn()
  const form = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver,
    defaultValues: { email: '', password: '' },
  })

  usePreloadOnFirstInput(resolver)

  const submit = async (values: z.output<typeof loginSchema>) => {
    try {
      await signIn(values)
    } catch (error) {
      applyApiErrors(error, form.setError, ['email', 'password'])
    }
  }

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in">
      <div className={styles.stack}>
        <TextField name="email" type="email" label="E-mail address" autoComplete="username" required />
        <TextField name="password" type="password" label="Password" autoComplete="current-password" required />
        <Button type="submit" loading={form.formState.isSubmitting} loadingText="Signing in…" fullWidth>
          Sign in
        </Button>
      </div>
    </Form>
  )
}
