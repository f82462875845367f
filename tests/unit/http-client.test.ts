// @vitest-environment jsdom
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiClient, createApiClient, downloadRequest, isSameOriginRequest, uploadRequest } from '@/lib/http/client'
import { describeError, isTimeoutError } from '@/lib/http/errors'
import { httpEvents } from '@/lib/http/events'
import { DEFAULT_TIMEOUT_MS, NO_TIMEOUT } from '@/lib/http/timeouts'
import { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@/lib/session/keys'

/** An adapter that records each request config and answers 200 `{ ok: true }`. */
function recordingAdapter() {
  const seen: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    return { status: 200, statusText: 'OK', data: { ok: true }, headers: {}, config, request: {} }
  }
  return { seen, adapter }
}

const bearerOf = (config: InternalAxiosRequestConfig | undefined) => AxiosHeaders.from(config?.headers).get('Authorization')

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  httpEvents.clear()
})
afterEach(() => {
  apiClient.defaults.adapter = undefined
  vi.restoreAllMocks()
})

describe('apiClient defaults', () => {
  it('targets API_BASE_URL (/api/v1 by default) and asks for JSON', async () => {
    expect(apiClient.defaults.baseURL).toBe('/api/v1')
    const { seen, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    await apiClient.get('/products')
    expect(seen[0]?.baseURL).toBe('/api/v1')
    expect(seen[0]?.url).toBe('/products')
    expect(AxiosHeaders.from(seen[0]?.headers).get('Accept')).toBe('application/json')
  })

  it('gives ordinary calls a 30 s timeout and uploads and downloads none', async () => {
    const { seen, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    await apiClient.get('/products')
    await uploadRequest('/support/inquiries', new FormData())
    await downloadRequest('/reports/businesses/download', { params: { format: 'csv' } })
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000)
    expect(seen.map((c) => [c.method, c.url, c.timeout])).toEqual([
      ['get', '/products', 30_000],
      ['post', '/support/inquiries', NO_TIMEOUT],
      ['get', '/reports/businesses/download', NO_TIMEOUT],
    ])
    expect(NO_TIMEOUT).toBe(0)
    expect(seen[2]?.responseType).toBe('blob')
    expect(seen[2]?.params).toEqual({ format: 'csv' })
  })

  it('lets an upload use PUT', async () => {
    const { seen, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    await uploadRequest('/kyc/details/1', new FormData(), { method: 'put' })
    expect(seen[0]?.method).toBe('put')
    expect(seen[0]?.timeout).toBe(0)
  })

  it('ends a hung call with a clear timeout error and emits nothing', async () => {
    // The same defaults with a 50 ms timeout, so the test runs through axios's own timer.
    const client = createApiClient({ adapter: 'fetch', env: { fetch: hang }, timeout: 50 })
    const events = vi.fn()
    httpEvents.on('toast', events)
    httpEvents.on('navigate', events)
    const error: unknown = await client.get('http://localhost:3000/api/v1/slow').catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'ETIMEDOUT' })
    expect(isTimeoutError(error)).toBe(true)
    expect(describeError(error)).toBe('The server took too long to answer. Please try again.')
    // The browser's XHR adapter uses this message for the error itself.
    expect(apiClient.defaults.timeoutErrorMessage).toBe('The server took too long to answer. Please try again.')
    expect(events).not.toHaveBeenCalled()
  })
})

/** A fetch that never answers until aborted (axios passes a Request carrying the signal). */
function hang(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const signal = input instanceof Request ? input.signal : init?.signal
  return new Promise((_resolve, reject) => {
    signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })
}

describe('bearer token', () => {
  it('reads access_token from user_auth_data', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'token-a', token_type: 'Bearer' }))
    const { seen, adapter } = recordingAdapter()
    await createApiClient({ adapter }).get('/accounts/me')
    expect(bearerOf(seen[0])).toBe('Bearer token-a')
  })

  it('reads accessToken when access_token is absent', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ accessToken: 'token-b' }))
    const { seen, adapter } = recordingAdapter()
    await createApiClient({ adapter }).get('/accounts/me')
    expect(bearerOf(seen[0])).toBe('Bearer token-b')
  })

  it('sends no Authorization when nothing (or corrupt JSON) is stored, or with skipAuth', async () => {
    const { seen, adapter } = recordingAdapter()
    const client = createApiClient({ adapter })
    await client.get('/products')
    sessionStorage.setItem('user_auth_data', '{not json')
    await client.get('/products')
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'token-c' }))
    await client.get('/products', { skipAuth: true })
    expect(seen.map(bearerOf)).toEqual([undefined, undefined, undefined])
  })

  it('keeps an Authorization header the caller set', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'stored' }))
    const { seen, adapter } = recordingAdapter()
    await createApiClient({ adapter }).get('/x', { headers: { Authorization: 'Bearer given' } })
    expect(bearerOf(seen[0])).toBe('Bearer given')
  })
})

describe('XSRF', () => {
  it('names the cookie XSRF-TOKEN and the header X-XSRF-TOKEN', () => {
    expect(apiClient.defaults.xsrfCookieName).toBe('XSRF-TOKEN')
    expect(apiClient.defaults.xsrfHeaderName).toBe('X-XSRF-TOKEN')
    expect([XSRF_COOKIE_NAME, XSRF_HEADER_NAME]).toEqual(['XSRF-TOKEN', 'X-XSRF-TOKEN'])
    expect(typeof apiClient.defaults.withXSRFToken).toBe('function')
  })

  it('decides same-origin from the full URL (relative URLs are same-origin)', () => {
    expect(window.location.origin).toBe('http://localhost:3000')
    expect(isSameOriginRequest({ url: '/api/v1/accounts/me', baseURL: '/api/v1' })).toBe(true)
    expect(isSameOriginRequest({ url: 'http://localhost:3000/api/v1/x' })).toBe(true)
    expect(isSameOriginRequest({ url: 'https://api.example.com/v1/x' })).toBe(false)
    expect(isSameOriginRequest({ url: '//api.example.com/v1/x' })).toBe(false)
    expect(isSameOriginRequest({ url: '/x', baseURL: 'https://api.example.com/v1' })).toBe(false)
  })

  it('sends the cookie value as X-XSRF-TOKEN to the same origin only (through axios itself)', async () => {
    document.cookie = 'XSRF-TOKEN=xsrf-value; path=/'
    const headers: Array<string | null> = []
    const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init)
      headers.push(request.headers.get('X-XSRF-TOKEN'))
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } })
    }
    await createApiClient({ adapter: 'fetch', env: { fetch: fetchStub }, baseURL: 'http://localhost:3000/api/v1' }).get('/x')
    await createApiClient({ adapter: 'fetch', env: { fetch: fetchStub }, baseURL: 'https://api.example.com/v1' }).get('/x')
    expect(headers).toEqual(['xsrf-value', null])
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/'
  })
})

describe('network errors', () => {
  it('reject with the original error', async () => {
    const failure = new AxiosError('Network Error', 'ERR_NETWORK')
    const client = createApiClient({
      adapter: async (config) => {
        failure.config = config
        throw failure
      },
    })
    await expect(client.get('/x')).rejects.toBe(failure)
  })
})
