// Node environment: no window, as during server rendering.
import { describe, expect, it } from 'vitest'

describe('outside the browser', () => {
  it('lib/session/storage, lib/http, lib/query and lib/analytics import and run without window', async () => {
    const storage = await import('@/lib/session/storage')
    await import('@/lib/http/client')
    await import('@/lib/http/lazy-client')
    await import('@/lib/query/client')
    const analytics = await import('@/lib/analytics')
    expect(typeof window).toBe('undefined')
    expect(storage.isLoggedIn()).toBe(false)
    expect(storage.getAccessToken()).toBeNull()
    expect(storage.isCrmFlow()).toBe(false)
    expect(storage.captureChannel('channel=x')).toBeNull()
    expect(storage.setAuthData({ access_token: 't' })).toBe(false)
    expect(() => storage.clearSession()).not.toThrow()
    expect(() => analytics.page('/products')).not.toThrow()
  }, 30_000) // cold dynamic imports of axios and React Query can be slow on a busy machine
})
