import { API_BASE_URL } from '@/lib/config/public'
import { isSsoErrorCode, SSO_ERROR_MESSAGES } from '@/lib/contracts/sso-values'
import { safeReturnPath } from '@/lib/navigation/route-paths'

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
