import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/** client.ts stands in for itself: the test sees when it is evaluated, i.e. when its chunk would load. */
let loaded = 0
beforeEach(() => {
  vi.resetModules()
  loaded = 0
  vi.doMock('@/lib/http/client', () => {
    loaded++
    return { apiClient: { get: vi.fn(async () => ({ data: 'answer' })) } }
  })
})

afterEach(() => {
  vi.doUnmock('@/lib/http/client')
})

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the API client on the first input (lib/http/lazy-client.ts)', () => {
  it('is not loaded while the page loads, and is once the visitor presses a key', async () => {
    const { preloadApiClientOnFirstInput } = await import('@/lib/http/lazy-client')
    const stop = preloadApiClientOnFirstInput()
    await tick()
    window.dispatchEvent(new FocusEvent('focusin'))
    await tick()
    expect(loaded).toBe(0)

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }))
    await tick()
    expect(loaded).toBe(1)
    stop()
  })

  it('loads on a pointer, once, and not after the listeners are removed', async () => {
    const { preloadApiClientOnFirstInput } = await import('@/lib/http/lazy-client')
    const stop = preloadApiClientOnFirstInput()
    stop()
    window.dispatchEvent(new Event('pointerdown'))
    await tick()
    expect(loaded).toBe(0)

    preloadApiClientOnFirstInput()
    window.dispatchEvent(new Event('pointerdown'))
    window.dispatchEvent(new Event('touchstart'))
    await tick()
    expect(loaded).toBe(1)
  })

  it('a call before any input loads it itself', async () => {
    const { apiClient, preloadApiClientOnFirstInput } = await import('@/lib/http/lazy-client')
    const stop = preloadApiClientOnFirstInput()
    await expect(apiClient.get('/anything')).resolves.toEqual({ data: 'answer' })
    expect(loaded).toBe(1)
    stop()
  })
})
