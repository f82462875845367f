import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'

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
