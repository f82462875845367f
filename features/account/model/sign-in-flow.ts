import type { QueryClient } from '@tanstack/react-query'
import type { NextRouter } from 'next/router'
import type { z } from 'zod'
import type { loginSchema } from '@/lib/contracts/accounts'
import type { FactorChallengeAnswer, LoginFactorInput, SignInAnswer } from '@/lib/contracts/factors'
import { href, paths } from '@/lib/navigation/paths'
import { afterLoginPath } from '@/lib/navigation/route-paths'
import { getSourceProduct } from '@/lib/session/storage'
import { accountQueries } from '../api/account-queries'
import { adoptLoginAnswer, logIn } from '../api/session-calls'

/**
 * Where a signed-in user goes: `from` when safe; a product chosen before signing in; else their home (for staff the
 * first page their permissions open, `homePathFor`).
 */
function destination(from: unknown, isStaff: boolean, home: string): string {
  const requested = typeof from === 'string' ? from : null
  if (requested) return afterLoginPath(requested, isStaff, home)
  const product = !isStaff ? getSourceProduct() : null
  return product ? paths.business.productApplication(product) : afterLoginPath(null, isStaff, home)
}

/**
 * Signs in and goes where a signed-in user goes (`destination`): the sign-in form (`useSignIn`, which loads this module
 * on the visitor's first input), and the invitation page right after the invited person sets their password (they are
 * not asked for their e-mail again; that page imports this module only then).
 */
export async function signInAndGo(
  router: NextRouter,
  queryClient: QueryClient,
  credentials: z.output<typeof loginSchema>,
): Promise<FactorChallengeAnswer | null> {
  const answer = await logIn(queryClient, credentials)
  if ('factor_required' in answer) return answer
  await goOnceSignedIn(router, queryClient, answer)
  return null
}

/** The second step: a code from the app or a recovery code, then where a signed-in user goes. */
export async function signInWithFactorAndGo(router: NextRouter, queryClient: QueryClient, input: LoginFactorInput) {
  const { logInWithFactor } = await import('../api/factor-sign-in-calls')
  await goOnceSignedIn(router, queryClient, await logInWithFactor(queryClient, input))
}

/** Where a signed-in user goes next: the enrolment page for an enrolment-only session, else `goToLanding` (SSO too). */
export async function goOnceSignedIn(router: NextRouter, queryClient: QueryClient, answer: SignInAnswer) {
  if (answer.enrolment_required) {
    await router.replace(
      href(paths.auth.enrolFactor(), { from: typeof router.query.from === 'string' ? router.query.from : null }),
    )
    return
  }
  await goToLanding(router, queryClient, answer.user)
}

/** Where a signed-in user lands: `from` when safe, else their area's home. */
export async function goToLanding(
  router: NextRouter,
  queryClient: QueryClient,
  user: Pick<SignInAnswer['user'], 'isStaff' | 'iswStaff'>,
) {
  // The navigation model (every area's links and permissions) is needed only once signed in: fetched meanwhile,
  // not part of the sign-in page's first-load JavaScript.
  const navigation = import('@/lib/navigation/nav-items')
  const { isStaff, iswStaff } = user
  // Staff land where their permissions lead (the product manager has no business list): read them first. The
  // shell reads the same cache entry next.
  const [permissions, account] = isStaff
    ? await Promise.all([
        queryClient.fetchQuery(accountQueries.permissions()),
        queryClient.fetchQuery(accountQueries.me()),
      ]).catch(() => [[], null] as const)
    : [[], null]
  const { homePathFor } = await navigation
  const home = homePathFor({ isStaff, iswStaff, permissions, hasBusinesses: (account?.businesses.length ?? 0) > 0 })
  await router.replace(destination(router.query.from, isStaff, home))
}

/** The answer of a second step made elsewhere (a passkey: PasskeySignInButton), then where a signed-in user goes. */
export async function adoptAnswerAndGo(router: NextRouter, queryClient: QueryClient, answer: SignInAnswer) {
  await adoptLoginAnswer(queryClient, answer)
  await goOnceSignedIn(router, queryClient, answer)
}
