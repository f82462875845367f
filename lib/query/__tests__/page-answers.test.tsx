import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '@/lib/query/client'
import { PAGE_ANSWER_FRESH_MS, useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'

const reads: PageRead[] = [
  { path: '/accounts/me', queryKey: ['account', 'me'] },
  {
    path: '/accounts/me/permissions',
    queryKey: ['account', 'permissions'],
    toData: (a) => (a as { name: string }[]).map((p) => p.name),
  },
  { path: '/businesses/b-1', queryKey: ['businesses', 'detail', 'b-1'] },
]

function seed(client: QueryClient, answers: Record<string, unknown> | undefined) {
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  renderHook(() => useSeededPageAnswers(answers, reads), { wrapper })
}

describe('useSeededPageAnswers', () => {
  it("fills the cache with the page's answers, through each read's own step, and leaves absent reads alone", () => {
    const client = new QueryClient()
    seed(client, { '/accounts/me': { id: 'u-1' }, '/accounts/me/permissions': [{ name: 'CAN_READ_BUSINESS' }] })
    expect(client.getQueryData(['account', 'me'])).toEqual({ id: 'u-1' })
    expect(client.getQueryData(['account', 'permissions'])).toEqual(['CAN_READ_BUSINESS'])
    expect(client.getQueryData(['businesses', 'detail', 'b-1'])).toBeUndefined()
  })

  it('keeps what the cache already holds (a client-side navigation) and seeds nothing without answers', () => {
    const client = new QueryClient()
    client.setQueryData(['account', 'me'], { id: 'u-1', firstName: 'Kept' })
    seed(client, { '/accounts/me': { id: 'u-1', firstName: 'From the page' }, '/businesses/b-1': { id: 'b-1' } })
    expect(client.getQueryData(['account', 'me'])).toEqual({ id: 'u-1', firstName: 'Kept' })
    expect(client.getQueryData(['businesses', 'detail', 'b-1'])).toEqual({ id: 'b-1' })
    const empty = new QueryClient()
    seed(empty, undefined)
    expect(empty.getQueryCache().getAll()).toHaveLength(0)
  })
})

describe('refetchUnlessJustSeeded (the queries’ refetchOnMount)', () => {
  it('does not read a query the page has just filled again when a screen mounts with it, but does once it is older', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const client = createQueryClient()
      seed(client, { '/businesses/b-1': { id: 'b-1' } })
      const queryFn = vi.fn(async () => ({ id: 'b-1', read: 'again' }))
      const mount = () =>
        renderHook(() => useQuery({ queryKey: ['businesses', 'detail', 'b-1'], queryFn }), {
          wrapper: ({ children }: { children: ReactNode }) => (
            <QueryClientProvider client={client}>{children}</QueryClientProvider>
          ),
        })
      const first = mount()
      expect(first.result.current.data).toEqual({ id: 'b-1' })
      await Promise.resolve()
      expect(queryFn).not.toHaveBeenCalled()
      first.unmount()

      vi.setSystemTime(Date.now() + PAGE_ANSWER_FRESH_MS)
      const later = mount()
      await waitFor(() => expect(later.result.current.data).toEqual({ id: 'b-1', read: 'again' }))
      expect(queryFn).toHaveBeenCalledTimes(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('leaves queries the page did not fill to the usual rules (stale data is read again on mount)', async () => {
    const client = createQueryClient()
    client.setQueryData(['businesses', 'detail', 'b-2'], { id: 'b-2' })
    const queryFn = vi.fn(async () => ({ id: 'b-2', read: 'again' }))
    const { result } = renderHook(() => useQuery({ queryKey: ['businesses', 'detail', 'b-2'], queryFn }), {
      wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    })
    await waitFor(() => expect(result.current.data).toEqual({ id: 'b-2', read: 'again' }))
  })
})
