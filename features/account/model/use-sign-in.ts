import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useRouter, type NextRouter } from 'next/router'
import type { z } from 'zod'
import type { loginSchema } from '@/lib/contracts/accounts'
import { paths } from '@/lib/navigation/paths'
import { afterLoginPath } from '@/lib/navigation/route-paths'
import { getSourceProduct } from '@/lib/session/storage'
import { accountQueries } from '../api/account-queries'
import { logIn } from '../api/session-calls'

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
 * Signs in and goes where a signed-in user goes (`destination`): the sign-in form, and the invitation page right after
 * the invited person sets their password (they are not asked for their e-mail again; that page imports this module
 * only then).
 */
export async function signInAndGo(router: NextRouter, queryClient: QueryClient, credentials: z.output<typeof loginSchema>) {
  // The navigation model (every area's links and permissions) is needed only once signed in: fetched meanwhile,
  // not part of the sign-in page's first-load JavaScript.
  const navigation = import('@/lib/navigation/nav-items')
  const answer = await logIn(queryClient, credentials)
  const { isStaff, iswStaff } = answer.user
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

/** `signInAndGo` with this page's router and query client. */
export function useSignIn() {
  const router = useRouter()
  const queryClient = useQueryClient()
  return (credentials: z.output<typeof loginSchema>) => signInAndGo(router, queryClient, credentials)
}
