// @vitest-environment jsdom
// Spec section 8, row by row, through a client whose transport is a stub adapter.
import axios, { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient, downloadRequest, apiClient } from '@/lib/http/client'
import {
  describeError,
  fieldErrors,
  firstErrorMessage,
  getApiErrors,
  getHttpStatus,
  hasErrorCode,
  isNetworkError,
} from '@/lib/http/errors'
import { httpEvents, type NavigateEvent, type SessionExpiredEvent, type ToastEvent } from '@/lib/http/events'

type Reply = { status: number; data?: unknown } | 'network-error'

/** An adapter answering each call with `reply(config)`, settling as axios's own adapters do. */
function stubAdapter(reply: (config: InternalAxiosRequestConfig) => Reply): AxiosAdapter {
  return async (config) => {
    const answer = reply(config)
    if (answer === 'network-error') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {})
    const response = { status: answer.status, statusText: '', data: answer.data, headers: {}, config, request: {} }
    if (answer.status >= 200 && answer.status < 300) return response
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
      config,
      {},
      response,
    )
  }
}

const clientAnswering = (reply: Reply | ((config: InternalAxiosRequestConfig) => Reply)) =>
  createApiClient({ adapter: stubAdapter(typeof reply === 'function' ? reply : () => reply) })

const body = (...messages: string[]) => ({ errors: messages.map((message) => ({ code: 'VALIDATION_FAILED', message })) })

let toasts: ToastEvent[]
let navigations: NavigateEvent[]
let expiries: SessionExpiredEvent[]

beforeEach(() => {
  httpEvents.clear()
  toasts = []
  navigations = []
  expiries = []
  httpEvents.on('toast', (e) => toasts.push(e))
  httpEvents.on('navigate', (e) => navigations.push(e))
  httpEvents.on('session-expired', (e) => expiries.push(e))
  sessionStorage.clear()
  localStorage.clear()
  sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'not-a-jwt', token_type: 'Bearer' }))
  sessionStorage.setItem('selectedStep', '2')
  sessionStorage.setItem('setKycIsCompleted', 'true')
  sessionStorage.setItem('crmFlow', 'true')
  sessionStorage.setItem('businessId', 'b-1')
  sessionStorage.setItem('externalBusinessUrl', 'https://example.com/b')
  sessionStorage.setItem('unrelated', 'kept')
  localStorage.setItem('channel', 'partner-x')
  window.history.replaceState(null, '', '/s/businesses?page=2&q=a%20b')
})
afterEach(() => {
  vi.useRealTimers()
  apiClient.defaults.adapter = undefined
})

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('network error (no answer)', () => {
  it('does nothing: no event, storage untouched, rejects with the original error', async () => {
    const client = clientAnswering('network-error')
    const error = await failureOf(client.get('/businesses'))
    expect(axios.isAxiosError(error) && error.code).toBe('ERR_NETWORK')
    expect(isNetworkError(error)).toBe(true)
    expect([toasts, navigations, expiries]).toEqual([[], [], []])
    expect(sessionStorage.getItem('user_auth_data')).not.toBeNull()
  })

  it('does nothing for GET /accounts/me either (no answer is not an empty body)', async () => {
    vi.useFakeTimers()
    await failureOf(clientAnswering('network-error').get('/accounts/me'))
    await vi.advanceTimersByTimeAsync(5000)
    expect([toasts, navigations]).toEqual([[], []])
  })

  it('does nothing for a cancelled call', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failureOf(clientAnswering({ status: 200 }).get('/x', { signal: controller.signal }))
    expect(axios.isCancel(error)).toBe(true)
    expect(toasts).toEqual([])
  })
})

describe('an answer whose body has an errors list', () => {
  it("toasts the first error's message and rejects with the original error", async () => {
    let thrown: unknown
    const client = createApiClient({
      adapter: async (config) => {
        const response = {
          status: 409,
          statusText: '',
          data: body('Registration number already exists', 'second'),
          headers: {},
          config,
          request: {},
        }
        thrown = new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', config, {}, response)
        throw thrown
      },
    })
    const error = await failureOf(client.post('/businesses', {}))
    expect(error).toBe(thrown)
    expect(toasts).toEqual([
      { type: 'error', message: 'Registration number already exists', toastId: 'api-error:Registration number already exists' },
    ])
    expect([navigations, expiries]).toEqual([[], []])
    expect(sessionStorage.getItem('user_auth_data')).not.toBeNull()
  })

  it('toasts for every status, 403 and 500 included', async () => {
    await failureOf(clientAnswering({ status: 403, data: body('You may not do that') }).get('/roles'))
    await failureOf(clientAnswering({ status: 500, data: body('Something failed on our side') }).get('/roles'))
    expect(toasts.map((t) => [t.type, t.message])).toEqual([
      ['error', 'You may not do that'],
      ['error', 'Something failed on our side'],
    ])
    expect(navigations).toEqual([])
  })
})

describe('401', () => {
  it('with a message: toasts it, clears the session keys, and goes to login with from = path + query', async () => {
    const error = await failureOf(
      clientAnswering({ status: 401, data: { errors: [{ code: 'UNAUTHENTICATED', message: 'Token expired' }] } }).get(
        '/businesses',
      ),
    )
    expect(getHttpStatus(error)).toBe(401)
    expect(toasts).toEqual([{ type: 'error', message: 'Token expired', toastId: 'api-error:Token expired' }])
    for (const key of ['user_auth_data', 'selectedStep', 'setKycIsCompleted', 'crmFlow', 'businessId', 'externalBusinessUrl']) {
      expect(sessionStorage.getItem(key)).toBeNull()
    }
    expect(sessionStorage.getItem('unrelated')).toBe('kept')
    expect(localStorage.getItem('channel')).toBe('partner-x')
    expect(expiries).toEqual([{ from: '/s/businesses?page=2&q=a%20b' }])
    expect(navigations).toEqual([
      { to: `/auth/login?from=${encodeURIComponent('/s/businesses?page=2&q=a%20b')}`, replace: true, reason: 'session-expired' },
    ])
  })

  it("without a message: the info toast 'Your session has expired, please login again'", async () => {
    await failureOf(clientAnswering({ status: 401 }).get('/businesses'))
    expect(toasts).toEqual([
      { type: 'info', message: 'Your session has expired, please login again', toastId: 'session-expired' },
    ])
    expect(sessionStorage.getItem('user_auth_data')).toBeNull()
    expect(navigations.map((n) => n.to)).toEqual(['/auth/login?from=%2Fs%2Fbusinesses%3Fpage%3D2%26q%3Da%2520b'])
  })

  it('with a body that has no errors list counts as no message', async () => {
    await failureOf(clientAnswering({ status: 401, data: { message: 'nope' } }).get('/businesses'))
    expect(toasts.map((t) => t.message)).toEqual(['Your session has expired, please login again'])
  })

  it('navigates once when several calls fail together', async () => {
    const client = clientAnswering({ status: 401 })
    await Promise.all([1, 2, 3, 4, 5].map((n) => failureOf(client.get(`/x/${n}`))))
    expect(navigations).toHaveLength(1)
    expect(expiries).toHaveLength(1)
    expect(new Set(toasts.map((t) => t.toastId))).toEqual(new Set(['session-expired']))
  })

  it('stays on the login page when the failing call was made there (a refused sign-in)', async () => {
    window.history.replaceState(null, '', '/auth/login?from=%2Fs%2Fproducts')
    await failureOf(
      clientAnswering({ status: 401, data: { errors: [{ code: 'UNAUTHENTICATED', message: 'Wrong e-mail or password' }] } }).post(
        '/accounts/login',
        {},
      ),
    )
    expect(toasts.map((t) => t.message)).toEqual(['Wrong e-mail or password'])
    expect(navigations).toEqual([])
  })
})

describe('GET /accounts/me failing with no body', () => {
  it('navigates to /auth/login after 1 second', async () => {
    vi.useFakeTimers()
    await failureOf(clientAnswering({ status: 500 }).get('/accounts/me'))
    expect(navigations).toEqual([])
    await vi.advanceTimersByTimeAsync(999)
    expect(navigations).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(navigations).toEqual([{ to: '/auth/login', replace: true, reason: 'account-unavailable' }])
    expect(toasts).toEqual([])
  })

  it('counts an empty text or {} as no body, and matches a full URL with a query', async () => {
    vi.useFakeTimers()
    await failureOf(clientAnswering({ status: 502, data: '' }).get('/accounts/me'))
    await failureOf(clientAnswering({ status: 404, data: {} }).get('http://localhost:3000/api/v1/accounts/me?x=1'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(navigations.map((n) => n.to)).toEqual(['/auth/login', '/auth/login'])
  })

  it('does not apply with a body, to other paths, or to a 401 (which has its own row)', async () => {
    vi.useFakeTimers()
    await failureOf(clientAnswering({ status: 500, data: body('Try later') }).get('/accounts/me'))
    await failureOf(clientAnswering({ status: 500 }).get('/accounts/me/permissions'))
    await failureOf(clientAnswering({ status: 500 }).patch('/accounts/me', {}))
    await vi.advanceTimersByTimeAsync(5000)
    expect(navigations).toEqual([])
    await failureOf(clientAnswering({ status: 401 }).get('/accounts/me'))
    await vi.advanceTimersByTimeAsync(5000)
    expect(navigations.map((n) => n.reason)).toEqual(['session-expired'])
  })
})

describe('other failures', () => {
  it('are rethrown as they came, with no event', async () => {
    for (const reply of [
      { status: 404 },
      { status: 500, data: 'Internal Server Error' },
      { status: 422, data: { message: 'x' } },
    ]) {
      let thrown: unknown
      const client = createApiClient({
        adapter: async (config) => {
          thrown = new AxiosError(
            'failed',
            'ERR_BAD_RESPONSE',
            config,
            {},
            { status: reply.status, statusText: '', data: reply.data, headers: {}, config },
          )
          throw thrown
        },
      })
      expect(await failureOf(client.get('/businesses/1'))).toBe(thrown)
    }
    expect([toasts, navigations, expiries]).toEqual([[], [], []])
  })

  it('a call made with silent: true emits nothing and clears nothing, even on 401', async () => {
    await failureOf(clientAnswering({ status: 401, data: body('Token expired') }).post('/marketing/events', {}, { silent: true }))
    await failureOf(clientAnswering({ status: 400, data: body('bad') }).post('/marketing/events', {}, { silent: true }))
    expect([toasts, navigations, expiries]).toEqual([[], [], []])
    expect(sessionStorage.getItem('user_auth_data')).not.toBeNull()
  })

  it('reads the error body of a download (a JSON Blob) and toasts its message', async () => {
    apiClient.defaults.adapter = stubAdapter(() => ({
      status: 404,
      data: new Blob([JSON.stringify(body('No such report'))], { type: 'application/json' }),
    }))
    const error = await failureOf(downloadRequest('/reports/businesses/download'))
    expect(toasts.map((t) => t.message)).toEqual(['No such report'])
    expect(firstErrorMessage(error)).toBe('No such report')
  })

  it('a listener that throws does not change the outcome', async () => {
    httpEvents.on('toast', () => {
      throw new Error('listener bug')
    })
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const error = await failureOf(clientAnswering({ status: 400, data: body('Bad input') }).post('/x', {}))
    expect(getHttpStatus(error)).toBe(400)
    expect(toasts).toHaveLength(1)
    expect(spy).toHaveBeenCalled()
    spy.mockRestore()
  })
})

describe('error helpers', () => {
  const errorWith = (data: unknown, status = 400) =>
    new AxiosError(
      'failed',
      'ERR_BAD_REQUEST',
      undefined,
      {},
      { status, statusText: '', data, headers: {}, config: { headers: new axios.AxiosHeaders() } },
    )

  it('read the errors list', () => {
    const error = errorWith({
      errors: [
        { code: 'VALIDATION_FAILED', message: 'Name is required', field: 'name' },
        { code: 'VALIDATION_FAILED', message: 'Phone is invalid', field: 'phone' },
        { code: 'VALIDATION_FAILED', message: 'Name is too short', field: 'name' },
      ],
    })
    expect(getApiErrors(error)).toHaveLength(3)
    expect(firstErrorMessage(error)).toBe('Name is required')
    expect(fieldErrors(error)).toEqual({ name: 'Name is required', phone: 'Phone is invalid' })
    expect(hasErrorCode(error, 'VALIDATION_FAILED')).toBe(true)
    expect(hasErrorCode(error, 'CONFLICT')).toBe(false)
    expect(describeError(error)).toBe('Name is required')
  })

  it('answer empty for other failures and non-axios values', () => {
    for (const value of [errorWith(undefined), errorWith({ errors: [] }), errorWith('text'), new Error('x'), null, undefined]) {
      expect(getApiErrors(value)).toEqual([])
      expect(firstErrorMessage(value)).toBeUndefined()
    }
    expect(firstErrorMessage({ errors: [{ code: 'CONFLICT', message: 'from a body' }] })).toBe('from a body')
    expect(describeError(new Error('x'))).toBe('Something went wrong. Please try again.')
    expect(describeError(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(
      'We could not reach the server. Check your connection and try again.',
    )
    expect(describeError(errorWith(undefined), 'Could not load the businesses.')).toBe('Could not load the businesses.')
  })
})
