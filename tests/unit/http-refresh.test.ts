// @vitest-environment jsdom
// Token refresh (docs/api.md#the-browser-client): under 5 minutes left → one POST /accounts/refresh-token, shared.
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from '@/lib/http/client'
import { httpEvents, type ToastEvent, type TokenRefreshedEvent } from '@/lib/http/events'
import { decodeJwtPayload, getTokenExpiry, msUntilExpiry } from '@/lib/http/jwt'
import { REFRESH_THRESHOLD_MS, shouldRefreshToken } from '@/lib/http/refresh'
import { resetServerClock } from '@/lib/http/server-clock'

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0)
const MINUTE = 60_000

/** An unsigned JWT whose `exp` is `msFromNow` after NOW. */
function jwt(msFromNow: number, extra: Record<string, unknown> = {}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u-1', exp: Math.floor((NOW + msFromNow) / 1000), ...extra })}.signature`
}

const user = {
  id: '6f1d3a8e-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Obi',
  isStaff: false,
  iswStaff: false,
}
const store = (data: object) => sessionStorage.setItem('user_auth_data', JSON.stringify(data))
const stored = () => JSON.parse(sessionStorage.getItem('user_auth_data') ?? 'null') as Record<string, unknown> | null
const bearerOf = (config: InternalAxiosRequestConfig) => AxiosHeaders.from(config.headers).get('Authorization')

/** Records every call; the refresh call answers `refreshReply`, the others 200. */
function backend(refreshReply: () => { status: number; data?: unknown }, refreshDelayMs = 20) {
  const calls: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    calls.push(config)
    if (config.url === '/accounts/refresh-token') {
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs))
      const { status, data } = refreshReply()
      const response = { status, statusText: '', data, headers: {}, config, request: {} }
      if (status === 200) return response
      throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response)
    }
    return { status: 200, statusText: 'OK', data: { url: config.url }, headers: {}, config, request: {} }
  }
  return { calls, adapter, refreshCalls: () => calls.filter((c) => c.url === '/accounts/refresh-token') }
}

let toasts: ToastEvent[]
let refreshed: TokenRefreshedEvent[]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  sessionStorage.clear()
  resetServerClock()
  httpEvents.clear()
  toasts = []
  refreshed = []
  httpEvents.on('toast', (e) => toasts.push(e))
  httpEvents.on('token-refreshed', (e) => refreshed.push(e))
})
afterEach(() => vi.useRealTimers())

describe('JWT expiry', () => {
  it('decodes the base64url payload without a library', () => {
    const token = jwt(4 * MINUTE, { name: 'Adá Ọbí' })
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'u-1', name: 'Adá Ọbí' })
    expect(getTokenExpiry(token)).toBe(NOW + 4 * MINUTE)
    expect(msUntilExpiry(token)).toBe(4 * MINUTE)
  })

  it('answers null for what is not a JWT with exp', () => {
    for (const token of [
      '',
      'abc',
      'a.b',
      'a.!!!.c',
      `x.${Buffer.from('[1]').toString('base64url')}.y`,
      `x.${Buffer.from('{"sub":1}').toString('base64url')}.y`,
    ]) {
      expect(getTokenExpiry(token)).toBeNull()
      expect(shouldRefreshToken(token)).toBe(false)
    }
  })

  it('refreshes under 5 minutes left only', () => {
    expect(REFRESH_THRESHOLD_MS).toBe(5 * MINUTE)
    expect(shouldRefreshToken(jwt(4 * MINUTE))).toBe(true)
    expect(shouldRefreshToken(jwt(5 * MINUTE - 1000))).toBe(true)
    expect(shouldRefreshToken(jwt(6 * MINUTE))).toBe(false)
  })
})

describe('refresh before a call', () => {
  it('calls POST /accounts/refresh-token once for 5 concurrent calls when 4 minutes remain, then uses the new token', async () => {
    const oldToken = jwt(4 * MINUTE)
    const newToken = jwt(30 * MINUTE)
    store({ access_token: oldToken, token_type: 'Bearer', expires_in: 1800, user })
    const { calls, adapter, refreshCalls } = backend(() => ({
      status: 200,
      data: { access_token: newToken, token_type: 'Bearer', expires_in: 1800, user },
    }))
    const client = createApiClient({ adapter })

    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => client.get(`/businesses/${n}`)))

    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
    expect(refreshCalls()).toHaveLength(1)
    expect(refreshCalls()[0]?.method).toBe('post')
    expect(bearerOf(refreshCalls()[0]!)).toBe(`Bearer ${oldToken}`)
    const others = calls.filter((c) => c.url !== '/accounts/refresh-token')
    expect(others).toHaveLength(5)
    expect(others.map(bearerOf)).toEqual(Array(5).fill(`Bearer ${newToken}`))
    expect(stored()).toEqual({ access_token: newToken, token_type: 'Bearer', expires_in: 1800, user })
    expect(refreshed).toHaveLength(1)

    // The next call finds a fresh token: no second refresh.
    await client.get('/businesses/6')
    expect(refreshCalls()).toHaveLength(1)
  })

  it("judges a token's expiry by the server's clock: a device 25 minutes ahead refreshes once, not before every call", async () => {
    // The server's clock says NOW; the device's says NOW + 25 minutes (a phone set wrong, or a test's fake clock).
    vi.setSystemTime(NOW + 25 * MINUTE)
    const serverDate = { date: new Date(NOW).toUTCString() }
    const issued = [jwt(15 * MINUTE, { jti: 'second' }), jwt(15 * MINUTE, { jti: 'third' })]
    store({ access_token: jwt(10 * MINUTE, { jti: 'first' }), user })
    const calls: InternalAxiosRequestConfig[] = []
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config)
      const data = config.url === '/accounts/refresh-token' ? { access_token: issued.shift(), user } : {}
      return { status: 200, statusText: 'OK', data, headers: serverDate, config, request: {} }
    }
    const client = createApiClient({ adapter })

    // Before any answer the device's clock is all there is: the token looks expired, so it is refreshed.
    await client.get('/businesses/1')
    // The refresh's answer told the server's time: the new token has 15 minutes left, and two calls at once use it.
    await Promise.all([client.get('/businesses/2'), client.get('/businesses/3')])

    const refreshes = calls.filter((c) => c.url === '/accounts/refresh-token')
    expect(refreshes).toHaveLength(1)
    const second = stored()?.access_token
    expect(decodeJwtPayload(String(second))?.jti).toBe('second')
    expect(calls.filter((c) => c.url !== '/accounts/refresh-token').map(bearerOf)).toEqual(Array(3).fill(`Bearer ${second}`))
  })

  it('does not refresh when 6 minutes remain', async () => {
    const token = jwt(6 * MINUTE)
    store({ access_token: token })
    const { calls, adapter, refreshCalls } = backend(() => ({ status: 500 }))
    await Promise.all([1, 2, 3].map((n) => createApiClient({ adapter }).get(`/x/${n}`)))
    expect(refreshCalls()).toHaveLength(0)
    expect(calls.map(bearerOf)).toEqual(Array(3).fill(`Bearer ${token}`))
  })

  it('keeps an entry that used accessToken in step', async () => {
    const newToken = jwt(30 * MINUTE)
    store({ accessToken: jwt(2 * MINUTE), user })
    const { adapter } = backend(() => ({
      status: 200,
      data: { access_token: newToken, token_type: 'Bearer', expires_in: 1800, user },
    }))
    await createApiClient({ adapter }).get('/x')
    expect(stored()).toMatchObject({ access_token: newToken, accessToken: newToken })
  })

  it('continues with the old token, silently, when the refresh fails', async () => {
    const oldToken = jwt(4 * MINUTE)
    store({ access_token: oldToken, user })
    const { calls, adapter, refreshCalls } = backend(() => ({
      status: 401,
      data: { errors: [{ code: 'UNAUTHENTICATED', message: 'Session ended' }] },
    }))
    const client = createApiClient({ adapter })
    await Promise.all([1, 2, 3, 4, 5].map((n) => client.get(`/x/${n}`)))
    expect(refreshCalls()).toHaveLength(1)
    expect(calls.filter((c) => c.url !== '/accounts/refresh-token').map(bearerOf)).toEqual(Array(5).fill(`Bearer ${oldToken}`))
    expect(toasts).toEqual([])
    expect(stored()).toMatchObject({ access_token: oldToken })
    expect(refreshed).toEqual([])
  })

  it('ignores a refresh answer without a token', async () => {
    const oldToken = jwt(1 * MINUTE)
    store({ access_token: oldToken })
    const { calls, adapter } = backend(() => ({ status: 200, data: { nothing: true } }))
    await createApiClient({ adapter }).get('/x')
    expect(bearerOf(calls.at(-1)!)).toBe(`Bearer ${oldToken}`)
    expect(stored()).toEqual({ access_token: oldToken })
  })

  it('never refreshes before signing in or for the refresh call itself', async () => {
    store({ access_token: jwt(1 * MINUTE) })
    const { adapter, refreshCalls } = backend(() => ({ status: 500 }))
    await createApiClient({ adapter }).post('/accounts/login', {})
    expect(refreshCalls()).toHaveLength(0)
  })

  it('does not store the answer when the user signed out while the refresh ran', async () => {
    store({ access_token: jwt(4 * MINUTE) })
    const { adapter } = backend(() => {
      sessionStorage.clear()
      return { status: 200, data: { access_token: jwt(30 * MINUTE), token_type: 'Bearer', expires_in: 1800, user } }
    })
    await createApiClient({ adapter }).get('/x')
    expect(stored()).toBeNull()
  })
})
