import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import type { ReactElement } from 'react'
import { apiClient } from '@/lib/http'

/** One call the screens made: method, path with its query string (repeated keys kept), and the JSON body. */
export interface Call {
  method: string
  path: string
  query: URLSearchParams
  body: unknown
}
export type Answer = { status?: number; data?: unknown }
export type Route = (call: Call) => Answer | undefined

function queryOf(params: unknown): URLSearchParams {
  if (params instanceof URLSearchParams) return new URLSearchParams(params)
  return new URLSearchParams(
    Object.entries((params ?? {}) as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  )
}

/** Answers the shared API client in memory (its interceptors still run); unanswered calls are 404s. */
export function mockApi(...routes: Route[]) {
  const calls: Call[] = []
  const original = apiClient.defaults.adapter
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      path: config.url ?? '',
      query: queryOf(config.params),
      body: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
    }
    calls.push(call)
    const answer = routes.reduce<Answer | undefined>((found, r) => found ?? r(call), undefined) ?? {
      status: 404,
      data: { errors: [{ code: 'ROUTE_NOT_FOUND', message: `No mock for ${call.method} ${call.path}` }] },
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

export function route(method: string, path: string, answer: Answer | ((call: Call) => Answer)): Route {
  return (call) =>
    call.method === method && call.path === path ? (typeof answer === 'function' ? answer(call) : answer) : undefined
}

export function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) }
}

export const page = <T,>(content: T[]) => ({ content, pageNumber: 1, pageSize: 10, totalElements: content.length, totalPages: 1 })

export const STAFF_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'
export const OTHER_STAFF_ID = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'
export const TYPE = { id: '11111111-1111-4111-8111-111111111111', name: 'Private Limited Company', description: null }
export const CATEGORY = { id: '33333333-3333-4333-8333-333333333333', name: 'Manufacturing', description: null }

let n = 0
export function business(overrides: Record<string, unknown> = {}) {
  n += 1
  return {
    id: `4444444${n}-4444-4444-8444-444444444444`.slice(0, 36),
    name: `Adebayo Foods ${n} Limited`,
    regNo: `RC100000${n}`,
    registrationClass: 'RC',
    typeId: TYPE.id,
    categoryId: CATEGORY.id,
    email: 'info@adebayofoods.ng',
    phone: '+2348031234567',
    website: null,
    divisionId: null,
    address: { line1: '14 Broad Street', line2: null, city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    approvalStatus: 'PENDING',
    kycDetailsCompleted: true,
    archiveStatus: 'ACTIVE',
    blocked: false,
    blockedReasons: [],
    assigneeId: null,
    recertificationDate: null,
    createdBy: OTHER_STAFF_ID,
    createdAt: '2026-03-01T09:00:00.000Z',
    approvedAt: null,
    ...overrides,
  }
}
