import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { configure, render } from '@testing-library/react'
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import type { ReactElement } from 'react'
import { apiClient } from '@/lib/http'

// Debounced checks and lazily loaded schemas take a moment, more so when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 4000 })

export interface Call {
  method: string
  /** Path after the API base, with the query string (`/businesses/check/reg-no/RC1?x=1`). */
  url: string
  body: unknown
}

export type Answer = { status?: number; data?: unknown }
export type Route = (call: Call) => Answer | undefined

/**
 * Answers the shared API client's calls in memory (its interceptors still run): each route returns an answer or
 * undefined to pass; an unanswered call is a 404 with the API's error body. Returns the calls made.
 */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = []
  const original = apiClient.defaults.adapter
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const params = new URLSearchParams(
      Object.entries((config.params ?? {}) as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    )
    const query = params.toString()
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: `${config.url ?? ''}${query ? `?${query}` : ''}`,
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    }
    calls.push(call)
    const answer = routes.reduce<Answer | undefined>((found, route) => found ?? route(call), undefined) ?? {
      status: 404,
      data: { errors: [{ code: 'ROUTE_NOT_FOUND', message: `No mock for ${call.method} ${call.url}` }] },
    }
    const response = {
      data: answer.data,
      status: answer.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders(),
      config,
      request: {},
    }
    if (response.status >= 400)
      throw new AxiosError(`Request failed with status ${response.status}`, 'ERR_BAD_RESPONSE', config, {}, response)
    return response
  }
  apiClient.defaults.adapter = adapter
  return { calls, restore: () => void (apiClient.defaults.adapter = original) }
}

/** `route('GET', '/business-types', { data: [...] })`: a route for one method and path (query ignored unless given). */
export function route(method: string, path: string | RegExp, answer: Answer | ((call: Call) => Answer)): Route {
  return (call) => {
    if (call.method !== method) return undefined
    const target = call.url.split('?')[0]!
    const matches = typeof path === 'string' ? target === path || call.url === path : path.test(call.url)
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

export const TYPES = [
  { id: '11111111-1111-4111-8111-111111111111', name: 'Private Limited Company', description: null },
  { id: '22222222-2222-4222-8222-222222222222', name: 'Business Name', description: null },
]
export const CATEGORIES = [{ id: '33333333-3333-4333-8333-333333333333', name: 'Manufacturing', description: null }]

export const BUSINESS_ID = '44444444-4444-4444-8444-444444444444'

export function business(overrides: Record<string, unknown> = {}) {
  return {
    id: BUSINESS_ID,
    name: 'Adebayo Foods Limited',
    regNo: 'RC1234567',
    registrationClass: 'RC',
    typeId: TYPES[0]!.id,
    categoryId: CATEGORIES[0]!.id,
    email: 'info@adebayofoods.ng',
    phone: '+2348031234567',
    website: null,
    divisionId: null,
    address: { line1: '14 Broad Street', line2: null, city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    approvalStatus: 'PENDING',
    kycDetailsCompleted: false,
    archiveStatus: 'ACTIVE',
    blocked: false,
    blockedReasons: [],
    assigneeId: null,
    recertificationDate: null,
    createdBy: null,
    createdAt: '2026-01-14T10:00:00.000Z',
    approvedAt: null,
    ...overrides,
  }
}
