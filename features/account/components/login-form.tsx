import { useRouter } from 'next/router'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import { applyApiErrors } from '@/lib/http'
import { afterLoginPath } from '@/lib/navigation/route-paths'
import type { z } from 'zod'
import type { loginSchema, LoginInput } from '@/lib/contracts/accounts'
import { paths } from '@/lib/navigation/paths'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { getSourceProduct } from '@/lib/session/storage'
import { useLogIn } from '../api/session-calls'
import styles from './auth-card.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.loginSchema))

/** Where a signed-in user goes: `from` when safe; a product chosen before signing in; else their area's home. */
function destination(from: unknown, isStaff: boolean): string {
  const requested = typeof from === 'string' ? from : null
  if (requested) return afterLoginPath(requested, isStaff)
  const product = !isStaff ? getSourceProduct() : null
  return product ? paths.business.productApplication(product) : afterLoginPath(null, isStaff)
}

/**
 * Signs in and goes where a signed-in user goes (`destination`): the sign-in form, and the invitation page right after
 * the invited person sets their password (they are not asked for their e-mail again).
 */
export function useSignIn() {
  const router = useRouter()
  const logIn = useLogIn()
  return async (credentials: z.output<typeof loginSchema>) => {
    const answer = await logIn.mutateAsync(credentials)
    await router.replace(destination(router.query.from, answer.user.isStaff))
  }
}

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
