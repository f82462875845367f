import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from 'next/router'
import type { z } from 'zod'
import type { loginSchema } from '@/lib/contracts/accounts'
import type { LoginFactorInput, SignInAnswer } from '@/lib/contracts/factors'
import { usePreloadOnFirstInput } from '@/lib/validation/lazy-resolver'

type SignInFlow = typeof import('./sign-in-flow')

let flow: Promise<SignInFlow> | undefined
/**
 * The sign-in calls and where they lead (./sign-in-flow: the account's reads, the landing rules) are not part of the
 * sign-in page's first-load JavaScript: they load on the visitor's first input, and at the latest on submit. A failed
 * load is tried again by the next call.
 */
const signInFlow = {
  load: (): Promise<SignInFlow> => {
    flow ??= import('./sign-in-flow').catch((error: unknown) => {
      flow = undefined
      throw error
    })
    return flow
  },
  preload: () => signInFlow.load().catch(() => undefined),
}

/** `signInAndGo` and its second step with this page's router and query client. */
export function useSignIn() {
  const router = useRouter()
  const queryClient = useQueryClient()
  usePreloadOnFirstInput(signInFlow)
  return {
    withPassword: async (credentials: z.output<typeof loginSchema>) =>
      (await signInFlow.load()).signInAndGo(router, queryClient, credentials),
    withFactor: async (input: LoginFactorInput) => (await signInFlow.load()).signInWithFactorAndGo(router, queryClient, input),
    /** The answer of a second step made elsewhere (a passkey: PasskeySignInButton). */
    withAnswer: async (answer: SignInAnswer) => (await signInFlow.load()).adoptAnswerAndGo(router, queryClient, answer),
  }
}
