/**
 * The interceptors of the API client: the bearer (with refresh) on the way out, and the error catalogue of spec
 * section 8 on the way back.
 *
 * | Situation                                      | What happens here                                              |
 * |------------------------------------------------|----------------------------------------------------------------|
 * | No answer (network error, timeout, cancel)     | nothing: the promise rejects, the screen shows its error state |
 * | The body has an `errors` list (any status)     | `toast` error with the first error's message                   |
 * | 401 STEP_UP_REQUIRED                           | the shell asks for a fresh factor (lib/http/step-up.ts); confirmed: the call is sent again once; cancelled: rejects, nothing else |
 * | 403 FACTOR_ENROLMENT_REQUIRED                  | `navigate` to the enrolment page                               |
 * | 401                                            | stored session cleared; `toast` info 'Your session has expired, please login again' when the body carried no message; `session-expired`; `navigate` to `/auth/login?from=<path+query>` |
 * | GET /accounts/me failed (not 401), empty body  | `navigate` to `/auth/login` 1 second later                      |
 * | Anything else                                  | rethrown                                                       |
 *
 * Whatever happens, the call rejects with the original axios error. A call made with `silent: true` skips all of it.
 */
import axios, { type AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { paths } from '@/lib/navigation/paths'
import { clearSession, getAccessToken } from '@/lib/session/storage'
import { firstErrorMessage, hasErrorCode } from './errors'
import { httpEvents } from './events'
import {
  ACCOUNT_REDIRECT_DELAY_MS,
  errorToastId,
  SESSION_EXPIRED_DEDUPE_MS,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TOAST_ID,
} from './interceptor-constants'
import { isRefreshableUrl, refreshAccessToken, shouldRefreshToken } from './refresh'
import { noteServerDate, serverNow } from './server-clock'
import { requestStepUp } from './step-up'
import './request-flags'

export {
  ACCOUNT_REDIRECT_DELAY_MS,
  errorToastId,
  SESSION_EXPIRED_DEDUPE_MS,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TOAST_ID,
} from './interceptor-constants'

/** Path and query of the page the browser shows, or null outside the browser. */
export function currentPathAndQuery(): string | null {
  if (typeof window === 'undefined') return null
  try {
    return window.location.pathname + window.location.search
  } catch {
    return null
  }
}

function pathOf(url: string | undefined): string {
  const withoutQuery = (url ?? '').split(/[?#]/)[0] ?? ''
  return withoutQuery.replace(/\/+$/, '')
}

/** True for a GET of the signed-in user's account (`/accounts/me`, not its sub-resources). */
export function isAccountRequest(config: Pick<InternalAxiosRequestConfig, 'url' | 'method'> | undefined): boolean {
  if (!config) return false
  const method = (config.method ?? 'get').toLowerCase()
  return method === 'get' && /(^|\/)accounts\/me$/.test(pathOf(config.url))
}

/** True when a response carried no body: nothing, an empty or blank text, `{}`, or an empty Blob. */
export function isEmptyBody(data: unknown): boolean {
  if (data === undefined || data === null) return true
  if (typeof data === 'string') return data.trim() === ''
  if (typeof Blob !== 'undefined' && data instanceof Blob) return data.size === 0
  if (data instanceof ArrayBuffer) return data.byteLength === 0
  if (typeof data === 'object' && !Array.isArray(data)) return Object.keys(data).length === 0
  return false
}

/** Error answers of calls made with `responseType: 'blob'` (downloads) arrive as a Blob; read JSON ones back. */
async function readBlobBody(response: AxiosResponse): Promise<void> {
  const data: unknown = response.data
  if (typeof Blob === 'undefined' || !(data instanceof Blob) || data.size === 0) return
  if (!/json/i.test(data.type)) return
  try {
    response.data = JSON.parse(await data.text())
  } catch {
    // not JSON after all: leave the Blob
  }
}

export interface InterceptorState {
  /** Date.now() of the last 401 handled with navigation, or -Infinity. */
  lastSessionExpiry: number
}

/** Adds the request and response interceptors to `client`. Answers a function that removes them. */
export function installInterceptors(client: AxiosInstance): () => void {
  const state: InterceptorState = { lastSessionExpiry: Number.NEGATIVE_INFINITY }

  const requestId = client.interceptors.request.use(async (config) => {
    if (config.skipAuth) return config
    let token = getAccessToken()
    if (token && !config.skipAuthRefresh && isRefreshableUrl(config.url) && shouldRefreshToken(token, serverNow())) {
      token = (await refreshAccessToken(client)) ?? getAccessToken() ?? token
    }
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`)
    return config
  })

  const responseId = client.interceptors.response.use(
    (response) => {
      noteServerDate(response.headers?.date)
      return response
    },
    async (error: unknown) => {
      if (!axios.isAxiosError(error) || axios.isCancel(error)) throw error
      const { config, response } = error
      noteServerDate(response?.headers?.date)
      if (!response || config?.silent) throw error

      await readBlobBody(response)
      const message = firstErrorMessage(error)
      if (response.status === 401 && hasErrorCode(error, 'STEP_UP_REQUIRED') && config && !config.steppedUp) {
        if (await requestStepUp(message ?? '')) return client.request({ ...config, steppedUp: true })
        throw error
      }
      if (response.status === 403 && hasErrorCode(error, 'FACTOR_ENROLMENT_REQUIRED')) {
        httpEvents.emit('navigate', { to: paths.auth.enrolFactor(), replace: true, reason: 'factor-enrolment' })
        throw error
      }
      // A screen that shows the call's error itself (`shownInline`) gets no toast saying it again; a 401 still does.
      if (message && (!config?.shownInline || response.status === 401))
        httpEvents.emit('toast', { type: 'error', message, toastId: errorToastId(message) })

      if (response.status === 401) {
        clearSession()
        if (!message)
          httpEvents.emit('toast', { type: 'info', message: SESSION_EXPIRED_MESSAGE, toastId: SESSION_EXPIRED_TOAST_ID })
        const now = Date.now()
        if (now - state.lastSessionExpiry >= SESSION_EXPIRED_DEDUPE_MS) {
          state.lastSessionExpiry = now
          const from = currentPathAndQuery()
          httpEvents.emit('session-expired', { from })
          // Already on the login page (a failed sign-in answers 401): stay there.
          if (pathOf(from ?? '') !== paths.auth.login()) {
            httpEvents.emit('navigate', { to: paths.auth.login(from ?? undefined), replace: true, reason: 'session-expired' })
          }
        }
      } else if (isAccountRequest(config) && isEmptyBody(response.data)) {
        setTimeout(() => {
          httpEvents.emit('navigate', { to: paths.auth.login(), replace: true, reason: 'account-unavailable' })
        }, ACCOUNT_REDIRECT_DELAY_MS)
      }
      throw error
    },
  )

  return () => {
    client.interceptors.request.eject(requestId)
    client.interceptors.response.eject(responseId)
  }
}
