// @vitest-environment jsdom
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  addSink,
  defaultSink,
  identify,
  normaliseEmail,
  page,
  removeSink,
  resetSinks,
  setAnalyticsEnabled,
  track,
  type AnalyticsEvent,
} from '@/lib/analytics'
import { apiClient } from '@/lib/http/client'
import { httpEvents } from '@/lib/http/events'

let events: AnalyticsEvent[]
const collect = (event: AnalyticsEvent) => {
  events.push(event)
}

beforeEach(() => {
  sessionStorage.clear()
  localStorage.clear()
  httpEvents.clear()
  events = []
  resetSinks()
  removeSink(defaultSink)
  addSink(collect)
  setAnalyticsEnabled(true)
})
afterEach(() => {
  resetSinks()
  apiClient.defaults.adapter = undefined
  Reflect.deleteProperty(navigator, 'sendBeacon')
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('e-mail normalisation', () => {
  it('turns Email or email into lower-case top-level email, on identify', () => {
    identify({ Email: '  Ada.Obi@Example.COM ', firstName: 'Ada', id: 'u-1' })
    identify({ email: 'CHIDI@EXAMPLE.NG' })
    expect(events[0]).toMatchObject({
      type: 'identify',
      email: 'ada.obi@example.com',
      properties: { firstName: 'Ada', id: 'u-1' },
    })
    expect(events[0]?.properties).not.toHaveProperty('Email')
    expect(events[1]).toMatchObject({ type: 'identify', email: 'chidi@example.ng' })
    expect(events[1]).not.toHaveProperty('properties')
  })

  it('moves an Email / email found in track properties to the top level', () => {
    track('Signed Up', { Email: 'New.User@Example.com', plan: 'basic' })
    track('Clicked', { email: 'x@Y.ng', Email: 'ignored@y.ng' })
    expect(events[0]).toMatchObject({
      type: 'track',
      event: 'Signed Up',
      email: 'new.user@example.com',
      properties: { plan: 'basic' },
    })
    expect(events[1]).toMatchObject({ email: 'x@y.ng' })
    expect(events[1]).not.toHaveProperty('properties')
  })

  it('drops what is not an e-mail address (the API would refuse the whole event)', () => {
    identify({ email: 'not-an-email', id: 'u' })
    expect(events[0]).not.toHaveProperty('email')
    expect(normaliseEmail({ email: 42 })).toBeUndefined()
    expect(normaliseEmail({ email: '', Email: 'B@C.NG' })).toBe('b@c.ng')
  })
})

describe('events', () => {
  it('carry the stored channel and a stable anonymous id', () => {
    localStorage.setItem('channel', 'partner-a')
    page('/products')
    track('Viewed Product', { code: 'PAY' })
    expect(events[0]).toMatchObject({ type: 'page', path: '/products', channel: 'partner-a' })
    expect(events[0]?.anonymousId).toEqual(expect.any(String))
    expect(events[1]?.anonymousId).toBe(events[0]?.anonymousId)
    expect(localStorage.getItem('anonymousId')).toBe(events[0]?.anonymousId)
  })

  it('omit channel when none is stored', () => {
    page('/')
    expect(events[0]).not.toHaveProperty('channel')
  })

  it('are skipped while disabled, and for an empty event name or path', () => {
    setAnalyticsEnabled(false)
    track('x')
    setAnalyticsEnabled(true)
    track('  ')
    page('')
    expect(events).toEqual([])
  })

  it('never throw, whatever a sink does, and every sink still runs', async () => {
    const after = vi.fn()
    addSink(() => {
      throw new Error('sink bug')
    })
    addSink(() => Promise.reject(new Error('async sink bug')))
    addSink(after)
    expect(() => track('Clicked')).not.toThrow()
    await Promise.resolve()
    expect(events).toHaveLength(1)
    expect(after).toHaveBeenCalledTimes(1)
  })

  it('addSink answers a remover', () => {
    const sink = vi.fn()
    const remove = addSink(sink)
    page('/a')
    remove()
    page('/b')
    expect(sink).toHaveBeenCalledTimes(1)
  })
})

describe('the default sink', () => {
  function recordingAdapter(status = 202, data: unknown = { id: 'e-1' }) {
    const calls: InternalAxiosRequestConfig[] = []
    const adapter: AxiosAdapter = async (config) => {
      calls.push(config)
      const response = { status, statusText: '', data, headers: {}, config, request: {} }
      if (status < 300) return response
      throw new AxiosError('failed', 'ERR_BAD_REQUEST', config, {}, response)
    }
    return { calls, adapter }
  }

  beforeEach(() => {
    removeSink(collect)
    addSink(defaultSink)
  })

  it('uses navigator.sendBeacon for a visitor who is not signed in', async () => {
    const sendBeacon = vi.fn((_url: string, _data?: BodyInit | null) => true)
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
    const { calls, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    localStorage.setItem('channel', 'campaign-x')
    track('Visited', { Email: 'Visitor@Example.com' })
    expect(sendBeacon).toHaveBeenCalledTimes(1)
    const [url, blob] = sendBeacon.mock.calls[0]!
    expect(url).toBe('/api/v1/marketing/events')
    expect((blob as Blob).type).toBe('application/json')
    expect(JSON.parse(await (blob as Blob).text())).toMatchObject({
      type: 'track',
      event: 'Visited',
      email: 'visitor@example.com',
      channel: 'campaign-x',
    })
    expect(calls).toHaveLength(0)
  })

  it('falls back to the API client when the beacon is refused', async () => {
    Object.defineProperty(navigator, 'sendBeacon', { value: () => false, configurable: true })
    const { calls, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    page('/products')
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    expect(calls[0]?.url).toBe('/marketing/events')
  })

  it('posts by fetch with the bearer when signed in, without the API client', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'tok' }))
    const sendBeacon = vi.fn(() => true)
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
    const fetched = vi.fn(async (_url: string, _init?: RequestInit) => new Response('{"id":"e-1"}', { status: 202 }))
    vi.stubGlobal('fetch', fetched)
    const { calls, adapter } = recordingAdapter()
    apiClient.defaults.adapter = adapter
    page('/s/businesses')
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledTimes(1))
    const [url, init] = fetched.mock.calls[0]!
    expect(url).toBe('/api/v1/marketing/events')
    expect(init).toMatchObject({ method: 'POST', keepalive: true })
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer tok')
    expect(JSON.parse(String(init?.body))).toMatchObject({ type: 'page', path: '/s/businesses' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(0)
    expect(sendBeacon).not.toHaveBeenCalled()
  })

  it('hands the event to the API client when the token has expired, silently on failure', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify({ access_token: 'tok' }))
    const sendBeacon = vi.fn(() => true)
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true })
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"errors":[{"code":"UNAUTHENTICATED"}]}', { status: 401 })),
    )
    const { calls, adapter } = recordingAdapter(401, { errors: [{ code: 'UNAUTHENTICATED', message: 'Token expired' }] })
    apiClient.defaults.adapter = adapter
    const seen = vi.fn()
    httpEvents.on('toast', seen)
    httpEvents.on('navigate', seen)
    identify({ email: 'Ada@Example.com', id: 'u-1' })
    await vi.waitFor(() => expect(calls).toHaveLength(1))
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sendBeacon).not.toHaveBeenCalled()
    expect(calls[0]?.method).toBe('post')
    expect(calls[0]?.url).toBe('/marketing/events')
    expect(calls[0]?.silent).toBe(true)
    expect(AxiosHeaders.from(calls[0]?.headers).get('Authorization')).toBe('Bearer tok')
    expect(JSON.parse(String(calls[0]?.data))).toMatchObject({
      type: 'identify',
      email: 'ada@example.com',
      properties: { id: 'u-1' },
    })
    expect(seen).not.toHaveBeenCalled()
    expect(sessionStorage.getItem('user_auth_data')).not.toBeNull()
  })

  it('swallows a network error', async () => {
    const adapter: AxiosAdapter = async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {})
    }
    apiClient.defaults.adapter = adapter
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    expect(() => page('/x')).not.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 10))
    process.off('unhandledRejection', unhandled)
    expect(unhandled).not.toHaveBeenCalled()
  })
})

describe('identify', () => {
  it('accepts an interface-typed user', () => {
    interface Person {
      id: string
      email: string
    }
    const person: Person = { id: 'p-1', email: 'P@Example.com' }
    resetSinks()
    removeSink(defaultSink)
    const seen: AnalyticsEvent[] = []
    addSink((e) => {
      seen.push(e)
    })
    identify(person)
    expect(seen[0]).toMatchObject({ type: 'identify', email: 'p@example.com', properties: { id: 'p-1' } })
  })
})
