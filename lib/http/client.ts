/**
 * The one axios instance of the portal (`apiClient`) and helpers for calls that must not time out.
 *
 * Application code does not import this module: it calls `apiClient` from `@/lib/http` (lazy-client.ts), which loads
 * this one, and with it axios and the interceptors, on the first call, so they are not in any page's first-load
 * JavaScript. Tests import it to reach the instance itself (`apiClient.defaults.adapter`).
 */
import axios, { type AxiosInstance, type AxiosRequestConfig, type AxiosResponse, type CreateAxiosDefaults } from 'axios'
import { API_BASE_URL } from '@/lib/config/public'
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@/lib/session/keys'
import { TIMEOUT_MESSAGE } from './errors'
import { installInterceptors } from './interceptors'
import './request-flags'
import { DEFAULT_TIMEOUT_MS, NO_TIMEOUT } from './timeouts'

export { DEFAULT_TIMEOUT_MS, NO_TIMEOUT } from './timeouts'

/** The anti-forgery pair (spec section 7), shared with the BFF through lib/session/keys. */
export { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@/lib/session/keys'

function isAbsoluteUrl(url: string): boolean {
  return /^([a-z][a-z\d+\-.]*:)?\/\//i.test(url)
}

/**
 * axios's `withXSRFToken`: send the XSRF cookie's value as `X-XSRF-TOKEN` only to the page's own origin (the cookie
 * guards the portal's own routes; a foreign API must never see it). Relative URLs are same-origin; outside the
 * browser the answer is false.
 */
export function isSameOriginRequest(config: { url?: string; baseURL?: string }): boolean {
  if (typeof window === 'undefined') return false
  const url = config.url ?? ''
  // axios passes the full URL (base already joined); a bare relative url falls back to the base.
  const target = isAbsoluteUrl(url) ? url : config.baseURL && isAbsoluteUrl(config.baseURL) ? config.baseURL : null
  if (target === null) return true
  try {
    return new URL(target, window.location.href).origin === window.location.origin
  } catch {
    return false
  }
}

/** The defaults of every client made by `createApiClient`. */
export function apiClientDefaults(baseURL: string = API_BASE_URL): CreateAxiosDefaults {
  return {
    baseURL,
    timeout: DEFAULT_TIMEOUT_MS,
    timeoutErrorMessage: TIMEOUT_MESSAGE,
    transitional: { clarifyTimeoutError: true },
    headers: { Accept: 'application/json' },
    xsrfCookieName: XSRF_COOKIE_NAME,
    xsrfHeaderName: XSRF_HEADER_NAME,
    withXSRFToken: (config) => isSameOriginRequest(config),
  }
}

/**
 * A client with the portal's defaults and interceptors (bearer and refresh, error catalogue). The app uses
 * `apiClient`; tests and tools may make their own (each has its own refresh and 401 bookkeeping).
 */
export function createApiClient(overrides: CreateAxiosDefaults = {}): AxiosInstance {
  const client = axios.create({ ...apiClientDefaults(), ...overrides })
  installInterceptors(client)
  return client
}

/** The portal's axios instance for the business API (`API_BASE_URL`, default `/api/v1`). */
export const apiClient: AxiosInstance = createApiClient()

/**
 * Sends `data` (usually `FormData`) with no timeout: POST unless `config.method` says otherwise. The error catalogue
 * applies as for any call.
 */
export function uploadRequest<T = unknown>(
  url: string,
  data: unknown,
  config: AxiosRequestConfig = {},
): Promise<AxiosResponse<T>> {
  return apiClient.request<T>({ method: 'post', ...config, url, data, timeout: NO_TIMEOUT })
}

/**
 * Fetches a file with no timeout: GET unless `config.method` says otherwise, `responseType: 'blob'` unless given.
 * A JSON error answer is read back from the Blob, so its message is toasted as for any call.
 */
export function downloadRequest<T = Blob>(url: string, config: AxiosRequestConfig = {}): Promise<AxiosResponse<T>> {
  return apiClient.request<T>({ method: 'get', responseType: 'blob', ...config, url, timeout: NO_TIMEOUT })
}
