import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The module keeps its promise: each test imports it afresh (another file of the worker may have loaded it already).
beforeEach(() => {
  vi.resetModules()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.resetModules()
})

describe('afterPageLoad', () => {
  it('waits for the load event, then for the browser to be idle, and answers the same promise every time', async () => {
    Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true })
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback))
    const { afterPageLoad } = await import('@/lib/navigation/after-page-load')
    let settled = false
    const first = afterPageLoad().then(() => (settled = true))
    expect(afterPageLoad()).toBe(afterPageLoad())
    await Promise.resolve()
    expect(idle).toHaveLength(0)
    window.dispatchEvent(new Event('load'))
    expect(idle).toHaveLength(1)
    expect(settled).toBe(false)
    idle[0]!()
    await first
    expect(settled).toBe(true)
    Object.defineProperty(document, 'readyState', { value: 'complete', configurable: true })
  })
})
