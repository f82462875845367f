import { useRouter } from 'next/router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { useLoadedComponent } from '@/components/layouts/use-loaded-component'
import { Button } from '@/components/ui/button'
import { Form } from '@/components/ui/form'
import { TextField } from '@/components/ui/text-field'
import type { loginSchema, LoginInput } from '@/lib/contracts/accounts'
import { lazyZodResolver, usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'
import { useSignIn } from '../model/use-sign-in'
import styles from './auth-card.module.css'

const resolver = lazyZodResolver(() => import('@/lib/contracts/accounts').then((m) => m.loginSchema))

// The second step is code few visitors need: it loads when the password step asks for it (a plain import(), so the
// page's first-load JavaScript carries no loader for it).
const loadSecondStep = () => import('./login-second-step').then((m) => m.LoginSecondStep)

/**
 * E-mail and password, then, for a user holding a second factor, a code from their authenticator app (or a recovery
 * code). A `challenge` in the address (single sign-on whose provider did not use a second factor) starts at the code.
 */
export function LoginForm() {
  const router = useRouter()
  const signIn = useSignIn()
  const [challenge, setChallenge] = useState<string | null>(null)
  // The methods the password step named (null for a challenge from the address: then a passkey is offered too).
  const [methods, setMethods] = useState<readonly string[] | null>(null)
  const pendingChallenge = challenge ?? (typeof router.query.challenge === 'string' ? router.query.challenge : null)
  const SecondStep = useLoadedComponent(loadSecondStep, !!pendingChallenge)
  const form = useForm<LoginInput, unknown, z.output<typeof loginSchema>>({
    resolver,
    defaultValues: { email: '', password: '' },
  })

  usePreloadOnFirstInput(resolver)

  const submit = async (values: z.output<typeof loginSchema>) => {
    try {
      const next = await signIn.withPassword(values)
      if (next) {
        setMethods(next.methods)
        setChallenge(next.challenge)
      }
    } catch (error) {
      // Only a refused sign-in needs the API's field errors: not part of the page's first-load JavaScript.
      const { applyApiErrors } = await import('@/lib/http/apply-api-errors')
      applyApiErrors(error, form.setError, ['email', 'password'])
    }
  }

  if (pendingChallenge) {
    if (!SecondStep) return <p role="status">Loading the second step…</p>
    return (
      <SecondStep
        challenge={pendingChallenge}
        offerPasskey={methods?.includes('WEBAUTHN') ?? true}
        onCode={(proof) => signIn.withFactor({ challenge: pendingChallenge, ...proof })}
        onPasskey={signIn.withAnswer}
        onStartAgain={() => {
          setChallenge(null)
          if (router.query.challenge) void router.replace({ query: { ...router.query, challenge: undefined } })
        }}
      />
    )
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
