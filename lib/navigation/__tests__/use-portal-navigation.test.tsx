import { renderHook } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { usePortalNavigation } from '@/lib/navigation/use-portal-navigation'
import { mockRouter } from '@/tests/components/router-mock'

const router = mockRouter({
  asPath: '/s/businesses?tab=kyc',
  push: vi.fn(async () => true),
  replace: vi.fn(async () => true),
})
vi.mock('next/router', () => import('@/tests/components/router-mock'))

beforeEach(() => {
  router.asPath = '/s/businesses?tab=kyc'
  router.push.mockClear()
  router.replace.mockClear()
})

describe('usePortalNavigation', () => {
  it('push and replace go through the router', async () => {
    const { result } = renderHook(() => usePortalNavigation())
    await result.current.push('/s/products')
    expect(router.push).toHaveBeenCalledWith('/s/products', undefined, undefined)
    await result.current.replace({ pathname: '/s/businesses', query: { page: 2 } }, { shallow: true })
    expect(router.replace).toHaveBeenCalledWith({ pathname: '/s/businesses', query: { page: 2 } }, undefined, { shallow: true })
  })

  it('toLogin replaces the page with login, `from` holding the current path and query', async () => {
    const { result } = renderHook(() => usePortalNavigation())
    await result.current.toLogin()
    expect(router.replace).toHaveBeenCalledWith('/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc')
  })

  it('toLogin takes another `from`, and leaves it out for an auth page', async () => {
    const { result } = renderHook(() => usePortalNavigation())
    await result.current.toLogin('/s/admin/reports')
    expect(router.replace).toHaveBeenLastCalledWith('/auth/login?from=%2Fs%2Fadmin%2Freports')
    router.asPath = '/auth/signup'
    const again = renderHook(() => usePortalNavigation())
    await again.result.current.toLogin()
    expect(router.replace).toHaveBeenLastCalledWith('/auth/login')
  })
})
