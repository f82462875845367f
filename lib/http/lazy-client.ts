/**
 * The API client as application code uses it: the same calls as the axios instance (`apiClient.get(...)` and so
 * on), but axios, its interceptors and the refresh logic (client.ts, ~22 kB gzip) are loaded on the first call
 * instead of being part of every page's first-load JavaScript (docs/architecture.md#first-paint). The shell also
 * starts loading them on the visitor's first input (`preloadApiClientOnFirstInput`), so the call that follows does
 * not wait for them.
 *
 * Every call goes to the one instance of client.ts, so tests that set `apiClient.defaults.adapter` there see it.
 */
import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios'

type ClientModule = typeof import('./client')

let clientModule: Promise<ClientModule> | undefined

/**
 * Loads client.ts (once). A failed load (a dropped connection while its chunk downloads) is forgotten, so the next call
 * loads it again instead of failing for the rest of the page's life.
 */
export function loadClientModule(): Promise<ClientModule> {
  clientModule ??= import('./client').catch((error: unknown) => {
    clientModule = undefined
    throw error
  })
  return clientModule
}

/** Starts loading the client without waiting for it (a failed load is retried by the next call). */
export function preloadApiClient(): void {
  loadClientModule().catch(() => undefined)
}

const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const

/**
 * Starts loading the client on the visitor's first pointer, touch or key anywhere on the page (not on focus: a field's
 * `autoFocus` would start it at once). Evaluating axios and the interceptors is a long task on a phone, which a page
 * that has nothing to ask once painted need not run while it loads. Returns the listeners' removal.
 */
export function preloadApiClientOnFirstInput(): () => void {
  const stop = () => FIRST_INPUT_EVENTS.forEach((type) => window.removeEventListener(type, start, true))
  const start = () => {
    stop()
    preloadApiClient()
  }
  FIRST_INPUT_EVENTS.forEach((type) => window.addEventListener(type, start, { capture: true, passive: true }))
  return stop
}

const instance = () => loadClientModule().then((module) => module.apiClient)

/** The calls of the portal's axios instance that application code makes. */
export type ApiClient = Pick<AxiosInstance, 'request' | 'get' | 'delete' | 'head' | 'options' | 'post' | 'put' | 'patch'>

/** A method of the instance that loads the instance first; same signature as axios's. */
function deferred<K extends keyof ApiClient>(name: K): AxiosInstance[K] {
  const call = (...args: unknown[]) =>
    instance().then((client) => (client[name] as (...given: unknown[]) => Promise<unknown>).apply(client, args))
  return call as AxiosInstance[K]
}

export const apiClient: ApiClient = {
  request: deferred('request'),
  get: deferred('get'),
  delete: deferred('delete'),
  head: deferred('head'),
  options: deferred('options'),
  post: deferred('post'),
  put: deferred('put'),
  patch: deferred('patch'),
}

/** client.ts's `uploadRequest`: `data` (usually FormData) with no timeout, POST unless `config.method` says otherwise. */
export function uploadRequest<T = unknown>(
  url: string,
  data: unknown,
  config: AxiosRequestConfig = {},
): Promise<AxiosResponse<T>> {
  return loadClientModule().then((module) => module.uploadRequest<T>(url, data, config))
}

/** client.ts's `downloadRequest`: a file with no timeout, GET and `responseType: 'blob'` unless given. */
export function downloadRequest<T = Blob>(url: string, config: AxiosRequestConfig = {}): Promise<AxiosResponse<T>> {
  return loadClientModule().then((module) => module.downloadRequest<T>(url, config))
}
