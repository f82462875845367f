import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useShellTracking } from '@/components/layouts/use-shell-tracking'

const analytics = vi.hoisted(() => ({ page: vi.fn(), identify: vi.fn() }))
vi.mock('@/lib/analytics', () => analytics)
// The shell loads analytics once the page has loaded (lib/navigation/after-page-load.ts): here it has.
vi.mock('@/lib/navigation/after-page-load', () => ({ afterPageLoad: () => Promise.resolve() }))

/** lib/analytics is imported on first use: let that import and the calls waiting on it finish. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

type Handler = (url: string, options: { shallow: boolean }) => void

/** The part of `router.events` the hook uses, with a way to emit `routeChangeComplete`. */
function routerEvents() {
  const handlers = new Set<Handler>()
  return {
    on: (_type: string, handler: Handler) => void handlers.add(handler),
    off: (_type: string, handler: Handler) => void handlers.delete(handler),
    emit: (url: string, shallow = false) =>
      act(async () => {
        handlers.forEach((handler) => handler(url, { shallow }))
        await settle()
      }),
  }
}

const signedIn = {
  access_token: 't',
  user: { id: 'u-1', email: 'Owner@Example.com', firstName: 'Emeka', lastName: 'Nwosu', isStaff: false },
}

beforeEach(() => {
  analytics.page.mockClear()
  analytics.identify.mockClear()
  window.history.replaceState(null, '', '/auth/login?from=%2Fprofile')
})
afterEach(() => sessionStorage.clear())

describe('useShellTracking', () => {
  it('records the first page and every route change to another path, without the query', async () => {
    const events = routerEvents()
    renderHook(() => useShellTracking(events as never))
    await act(settle)
    expect(analytics.page).toHaveBeenCalledWith('/auth/login')
    await events.emit('/auth/activate?token=secret')
    expect(analytics.page).toHaveBeenLastCalledWith('/auth/activate')
    await events.emit('/auth/activate?token=other')
    await events.emit('/s/businesses?page=2', true)
    expect(analytics.page).toHaveBeenCalledTimes(2)
    await events.emit('/s/businesses')
    expect(analytics.page).toHaveBeenCalledTimes(3)
  })

  it('identifies the user once after signing in, and again after another sign-in', async () => {
    const events = routerEvents()
    renderHook(() => useShellTracking(events as never))
    await act(settle)
    expect(analytics.identify).not.toHaveBeenCalled()
    sessionStorage.setItem('user_auth_data', JSON.stringify(signedIn))
    await events.emit('/s/businesses')
    await events.emit('/profile')
    expect(analytics.identify).toHaveBeenCalledTimes(1)
    expect(analytics.identify).toHaveBeenCalledWith({
      id: 'u-1',
      email: 'Owner@Example.com',
      firstName: 'Emeka',
      lastName: 'Nwosu',
      isStaff: false,
    })
    sessionStorage.clear()
    await events.emit('/auth/login')
    sessionStorage.setItem('user_auth_data', JSON.stringify(signedIn))
    await events.emit('/s/businesses')
    expect(analytics.identify).toHaveBeenCalledTimes(2)
  })

  it('identifies a user already signed in when the app starts (a reload)', async () => {
    sessionStorage.setItem('user_auth_data', JSON.stringify(signedIn))
    renderHook(() => useShellTracking(routerEvents() as never))
    await act(settle)
    expect(analytics.identify).toHaveBeenCalledTimes(1)
  })
})
