import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render } from '@testing-library/react'
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import type { ReactElement } from 'react'
import { apiClient } from '@/lib/http/client'

// Debounced checks and lazily loaded schemas take a moment, more so when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 4000 })

/** One call the screens made: method, path, its query (repeated keys kept), path with query string, JSON body. */
export interface Call {
  method: string
  /** Path after the API base, without the query string. */
  path: string
  query: URLSearchParams
  /** Path with the query string (`/businesses/check/reg-no/RC1?x=1`). */
  url: string
  body: unknown
}

export type Answer = { status?: number; data?: unknown }
export type Route = (call: Call) => Answer | undefined

/** The query written into the URL followed by the request's `params`. */
function queryOf(inline: string, params: unknown): URLSearchParams {
  const query = new URLSearchParams(inline)
  const entries = params instanceof URLSearchParams ? [...params] : Object.entries((params ?? {}) as Record<string, unknown>)
  for (const [k, v] of entries) if (v !== undefined) query.append(k, String(v))
  return query
}

/**
 * Answers the shared API client's calls in memory (its interceptors still run): each route returns an answer or
 * undefined to pass; an unanswered call is a 404 with the API's error body. Returns the calls made.
 */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = []
  const original = apiClient.defaults.adapter
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const [path = '', inline = ''] = (config.url ?? '').split('?')
    const query = queryOf(inline, config.params)
    const queryString = query.toString()
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path,
      query,
      url: `${path}${queryString ? `?${queryString}` : ''}`,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    }
    calls.push(call)
    const answer = routes.reduce<Answer | undefined>((found, r) => found ?? r(call), undefined) ?? {
      status: 404,
      data: { errors: [{ code: 'ROUTE_NOT_FOUND', message: `No mock for ${call.method} ${call.url}` }] },
    }
    const response = { data: answer.data, status: answer.status ?? 200, statusText: '', headers: new AxiosHeaders(), config }
    if (response.status >= 400)
      throw new AxiosError(`Request failed with status ${response.status}`, 'ERR_BAD_RESPONSE', config, {}, response)
    return { ...response, request: {} }
  }
  apiClient.defaults.adapter = adapter
  return { calls, restore: () => void (apiClient.defaults.adapter = original) }
}

/**
 * `route('GET', '/business-types', { data: [...] })`: a route for one method and path. A string matches the path
 * (or the path with its query string); a RegExp is tested against the path with its query string.
 */
export function route(method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route {
  return (call) => {
    if (call.method !== method) return undefined
    const matches = typeof path === 'string' ? call.path === path || call.url === path : path.test(call.url)
    if (!matches) return undefined
    return typeof answer === 'function' ? answer(call) : answer
  }
}

export const apiError = (status: number, code: string, message: string, field?: string): Answer => ({
  status,
  data: { errors: [{ code, message, ...(field ? { field } : {}) }] },
})

/** Renders with a fresh QueryClient (no retries). */
export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) }
}
