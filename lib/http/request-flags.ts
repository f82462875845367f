/**
 * Per-request options understood by lib/http, added to axios's request config type:
 *
 * ```ts
 * apiClient.post('/marketing/events', body, { silent: true })
 * ```
 */
export {}

declare module 'axios' {
  // Type parameters must repeat axios's declaration exactly (name and default) for the interfaces to merge.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-unused-vars
  interface AxiosRequestConfig<D = any> {
    /**
     * lib/http: the error interceptor does nothing for this call (no toast, no clearing of stored auth, no
     * navigation); the promise still rejects with the axios error. For background calls such as analytics.
     */
    silent?: boolean
    /**
     * lib/http: the screen shows this call's error itself (inline, beside the control), so the error interceptor
     * raises no toast for it; a 401 is handled as always.
     */
    shownInline?: boolean
    /** lib/http: send no `Authorization` header from the stored auth data (and so do not refresh the token). */
    skipAuth?: boolean
    /** lib/http: do not refresh a token about to expire before this call (the refresh call itself uses this). */
    skipAuthRefresh?: boolean
    /** lib/http: this is the repeat after a step-up; a second STEP_UP_REQUIRED is not asked again. */
    steppedUp?: boolean
  }
}
