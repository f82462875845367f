import { afterEach, describe, expect, it, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('./client')
  vi.resetModules()
})

describe('the lazily loaded API client', () => {
  it('loads the client again after a failed load, instead of failing every later call', async () => {
    let loads = 0
    vi.doMock('./client', () => {
      loads += 1
      if (loads === 1) throw new Error('Loading chunk failed')
      return { apiClient: { get: async (url: string) => ({ status: 200, data: url }) } }
    })
    const { apiClient } = await import('./lazy-client')
    await expect(apiClient.get('/auth/me')).rejects.toThrow()
    await expect(apiClient.get('/auth/me')).resolves.toMatchObject({ status: 200, data: '/auth/me' })
    expect(loads).toBe(2)
  })
})
