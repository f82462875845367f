import { AxiosError, AxiosHeaders } from 'axios'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { httpEvents, type ToastEvent } from '@/lib/http/events'
import {
  createQueryClient,
  FORBIDDEN_TOAST_ID,
  LOOKUP_STALE_TIME,
  lookupQueryOptions,
  MAX_RETRY_DELAY_MS,
  QUERY_GC_TIME,
  queryRetryDelay,
  shouldRetryQuery,
} from '@/lib/query/client'

const httpError = (status: number) => {
  const config = { headers: new AxiosHeaders() }
  return new AxiosError(
    `Request failed with status code ${status}`,
    status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    config,
    {},
    {
      status,
      statusText: '',
      data: undefined,
      headers: {},
      config,
    },
  )
}
const noAnswer = (code: string) => new AxiosError('no answer', code, { headers: new AxiosHeaders() }, {})

let toasts: ToastEvent[]
beforeEach(() => {
  httpEvents.clear()
  toasts = []
  httpEvents.on('toast', (e) => toasts.push(e))
})
afterEach(() => vi.useRealTimers())

describe('retry policy (spec sections 8 and 9)', () => {
  it('retries a status of 500 or above 3 times (retry is asked with the failures so far, from 0)', () => {
    for (const status of [500, 502, 503, 504]) {
      expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, httpError(status)))).toEqual([true, true, true, false])
    }
  })

  it('never retries a 4xx, 403 included', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(shouldRetryQuery(0, httpError(status))).toBe(false)
  })

  it('retries a call that got no answer, but not a timeout, a cancel, or a non-HTTP error', () => {
    expect([0, 1, 2, 3].map((n) => shouldRetryQuery(n, noAnswer('ERR_NETWORK')))).toEqual([true, true, true, false])
    expect(shouldRetryQuery(0, noAnswer('ETIMEDOUT'))).toBe(false)
    expect(shouldRetryQuery(0, noAnswer('ECONNABORTED'))).toBe(false)
    expect(shouldRetryQuery(0, noAnswer('ERR_CANCELED'))).toBe(false)
    expect(shouldRetryQuery(0, new Error('schema mismatch'))).toBe(false)
  })

  it('waits 1 s, 2 s, 4 s ... never more than 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(queryRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
    expect(MAX_RETRY_DELAY_MS).toBe(30_000)
  })

  it('is what createQueryClient installs, with gcTime 5 minutes, no refetch on focus and no mutation retry', () => {
    const defaults = createQueryClient().getDefaultOptions()
    expect(defaults.queries?.retry).toBe(shouldRetryQuery)
    expect(defaults.queries?.retryDelay).toBe(queryRetryDelay)
    expect(defaults.queries?.gcTime).toBe(5 * 60 * 1000)
    expect(QUERY_GC_TIME).toBe(300_000)
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false)
    expect(defaults.mutations?.retry).toBe(false)
  })

  it('lets a caller override one option and keep the rest', () => {
    const defaults = createQueryClient({ defaultOptions: { queries: { retry: false } } }).getDefaultOptions()
    expect(defaults.queries?.retry).toBe(false)
    expect(defaults.queries?.gcTime).toBe(QUERY_GC_TIME)
  })

  it('runs a failing query 4 times in all with the capped delays', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryFn = vi.fn(async () => {
      throw httpError(503)
    })
    const result = client.fetchQuery({ queryKey: ['flaky'], queryFn }).catch((e: unknown) => e)
    await vi.advanceTimersByTimeAsync(0)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(queryFn).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(4000)
    expect(queryFn).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(queryFn).toHaveBeenCalledTimes(4)
    expect(await result).toBeInstanceOf(AxiosError)
    expect(toasts).toEqual([])
    client.clear()
  })
})

describe('403 on a query', () => {
  it("toasts 'Unauthorized access is denied.' with toast id forbidden and does not retry", async () => {
    const client = createQueryClient()
    const queryFn = vi.fn(async () => {
      throw httpError(403)
    })
    await expect(client.fetchQuery({ queryKey: ['roles'], queryFn })).rejects.toBeInstanceOf(AxiosError)
    expect(queryFn).toHaveBeenCalledTimes(1)
    expect(toasts).toEqual([{ type: 'error', message: 'Unauthorized access is denied.', toastId: 'forbidden' }])
    expect(FORBIDDEN_TOAST_ID).toBe('forbidden')
    client.clear()
  })

  it('toasts nothing for other failures, and nothing for a 403 on a mutation', async () => {
    const client = createQueryClient()
    await client.fetchQuery({ queryKey: ['missing'], queryFn: async () => Promise.reject(httpError(404)) }).catch(() => undefined)
    const mutationFn = vi.fn(async () => Promise.reject(httpError(403)))
    await client
      .getMutationCache()
      .build(client, { mutationFn })
      .execute(undefined)
      .catch(() => undefined)
    expect(mutationFn).toHaveBeenCalledTimes(1)
    expect(toasts).toEqual([])
    client.clear()
  })

  it('does not retry a mutation failing with 500', async () => {
    const client = createQueryClient()
    const mutationFn = vi.fn(async () => Promise.reject(httpError(500)))
    await client
      .getMutationCache()
      .build(client, { mutationFn })
      .execute(undefined)
      .catch(() => undefined)
    expect(mutationFn).toHaveBeenCalledTimes(1)
    client.clear()
  })
})

describe('lookups', () => {
  it('stay fresh (and cached) for 8 hours', async () => {
    expect(LOOKUP_STALE_TIME).toBe(28_800_000)
    const options = lookupQueryOptions({ queryKey: ['products', 'categories'], queryFn: async () => ['Payments'] })
    expect(options.staleTime).toBe(28_800_000)
    expect(options.gcTime).toBe(28_800_000)
    const client = createQueryClient()
    const first = vi.fn(async () => ['Payments'])
    await client.fetchQuery({ ...lookupQueryOptions({ queryKey: ['countries'], queryFn: first }) })
    await client.fetchQuery({ ...lookupQueryOptions({ queryKey: ['countries'], queryFn: first }) })
    expect(first).toHaveBeenCalledTimes(1)
    const data: string[] | undefined = client.getQueryData(options.queryKey)
    expect(data).toBeUndefined()
    client.clear()
  })

  it('let a caller override the times', () => {
    expect(lookupQueryOptions({ queryKey: ['x'], queryFn: async () => 1, staleTime: 10 }).staleTime).toBe(10)
  })
})
