import { act, render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ANCHOR_OFFSET_PROPERTY, useAnchorOffset } from '../use-anchor-offset'

/** A stand-in ResizeObserver the test drives: `resize()` tells every observer its element changed size. */
class FakeResizeObserver {
  static observers: FakeResizeObserver[] = []
  disconnected = false
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.observers.push(this)
  }
  observe() {}
  disconnect() {
    this.disconnected = true
  }
  static resize() {
    for (const o of FakeResizeObserver.observers.filter((x) => !x.disconnected)) o.callback([], o as unknown as ResizeObserver)
  }
}

function Bar({ height }: { height: { value: number } }) {
  const ref = useRef<HTMLElement>(null)
  useAnchorOffset(ref)
  return (
    <nav
      ref={(element) => {
        ref.current = element
        if (element) Object.defineProperty(element, 'offsetHeight', { configurable: true, get: () => height.value })
      }}
      style={{ position: 'sticky', top: '56px' }}
      aria-label="Review sections"
    />
  )
}

const offset = () => document.documentElement.style.getPropertyValue(ANCHOR_OFFSET_PROPERTY)

describe('useAnchorOffset', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    FakeResizeObserver.observers = []
  })

  it('puts the anchors below the bar (its top, its height and a gap), follows its height, and lets go when it goes', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver)
    const height = { value: 170 }
    const { unmount } = render(<Bar height={height} />)
    expect(offset()).toBe('242px')
    height.value = 96
    act(() => FakeResizeObserver.resize())
    expect(offset()).toBe('168px')
    unmount()
    expect(offset()).toBe('')
    expect(FakeResizeObserver.observers.every((o) => o.disconnected)).toBe(true)
  })

  it('measures once where there is no ResizeObserver', () => {
    vi.stubGlobal('ResizeObserver', undefined)
    render(<Bar height={{ value: 100 }} />)
    expect(offset()).toBe('172px')
  })
})
