/**
 * What the interceptors (interceptors.ts) say and when, apart from the interceptors themselves, so the shell can read
 * them without loading axios (the client is loaded on first use: lazy-client.ts).
 */

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired, please login again'
/** toastId of the 401 info toast, so several calls failing together show one toast. */
export const SESSION_EXPIRED_TOAST_ID = 'session-expired'
/** The delay before leaving for the login page when GET /accounts/me fails with an empty body. */
export const ACCOUNT_REDIRECT_DELAY_MS = 1000
/**
 * 401s arriving within this window of the one handled count as the same expiry: stored auth is cleared and their
 * toasts emitted again (toast ids make them one toast), but `session-expired` and `navigate` are not repeated, so
 * five calls failing together cause one navigation.
 */
export const SESSION_EXPIRED_DEDUPE_MS = 2000

/** The toastId of an error toast: equal messages share one toast while it is visible. */
export function errorToastId(message: string): string {
  return `api-error:${message}`
}
