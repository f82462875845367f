import { act, renderHook } from '@testing-library/react'
import mitt from 'next/dist/shared/lib/mitt'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mockRouter } from '@/tests/components/router-mock'
import { useUrlState } from '../use-url-state'

const router = mockRouter({
  pathname: '/s/admin/approvals/products',
  query: {} as Record<string, string>,
  isReady: true,
  replace: vi.fn(async () => true),
  events: undefined as unknown as ReturnType<typeof mitt>,
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

beforeEach(() => {
  router.replace.mockClear()
  router.events = mitt()
})

describe('useUrlState', () => {
  it('writes the query with a shallow replace', async () => {
    const { result } = renderHook(() => useUrlState())
    await act(() => result.current.setQuery({ businessName: 'Ada', status: '' }))
    expect(router.replace).toHaveBeenCalledWith(
      { pathname: '/s/admin/approvals/products', query: { businessName: 'Ada' } },
      undefined,
      { shallow: true, scroll: false },
    )
  })

  it('does not cancel a navigation to another page with a late write (a debounced filter after a link click)', async () => {
    const { result } = renderHook(() => useUrlState())
    act(() => router.events.emit('routeChangeStart', '/s/admin/approvals/product-preview?id=1', { shallow: false }))
    await act(async () => expect(await result.current.setQuery({ businessName: 'Ada' })).toBe(false))
    expect(router.replace).not.toHaveBeenCalled()

    // Back on a page (the navigation ended or failed), writes work again; our own shallow replaces never block.
    act(() => router.events.emit('routeChangeError'))
    act(() => router.events.emit('routeChangeStart', '/s/admin/approvals/products?businessName=Ada', { shallow: true }))
    await act(() => result.current.setQuery({ businessName: 'Ade' }))
    expect(router.replace).toHaveBeenCalledTimes(1)
  })
})
