import type { QueryClient } from '@tanstack/react-query'
import type { NextRouter } from 'next/router'
import { API_BASE_URL } from '@/lib/config/public'
import type { SignInAnswer } from '@/lib/contracts/factors'
import { isSsoErrorCode, SSO_ERROR_MESSAGES } from '@/lib/contracts/sso'
import { afterLoginPath, safeReturnPath } from '@/lib/navigation/route-paths'
import { accountQueries } from '../api/account-queries'

/** The start of single sign-on (a full page load: the API redirects to the identity provider), keeping `from`. */
export function ssoStartHref(from: unknown): string {
  const target = typeof from === 'string' ? safeReturnPath(from) : null
  const query = target ? `?${new URLSearchParams({ from: target }).toString()}` : ''
  return `${API_BASE_URL}/accounts/sso/start${query}`
}

/** The words for the callback's `sso_error`, or null when there is none (an unknown code reads as a general failure). */
export function ssoErrorMessage(code: unknown): string | null {
  if (code === undefined || code === null || code === '') return null
  return isSsoErrorCode(code) ? SSO_ERROR_MESSAGES[code] : SSO_ERROR_MESSAGES.IDENTITY_PROVIDER_ERROR
}

/**
 * Where a staff user signed in by SSO goes: `from` when safe, else the first page their permissions open (as after a
 * password). An enrolment-only session (`enrolment_required`) is led to enrolment as after a password.
 */
export async function goAfterSsoSignIn(router: NextRouter, queryClient: QueryClient, answer: SignInAnswer) {
  const navigation = import('@/lib/navigation/nav-items')
  const { isStaff, iswStaff } = answer.user
  const [permissions, account] = await Promise.all([
    queryClient.fetchQuery(accountQueries.permissions()),
    queryClient.fetchQuery(accountQueries.me()),
  ]).catch(() => [[], null] as const)
  const { homePathFor } = await navigation
  const home = homePathFor({ isStaff, iswStaff, permissions, hasBusinesses: (account?.businesses.length ?? 0) > 0 })
  const from = router.query.from
  await router.replace(afterLoginPath(typeof from === 'string' ? from : null, isStaff, home))
}
