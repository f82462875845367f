import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { WhenNearViewport } from '../when-near-viewport'

/** A stand-in IntersectionObserver the test drives: `reach()` tells every observer its element came near. */
class FakeObserver {
  static observers: FakeObserver[] = []
  elements: Element[] = []
  disconnected = false
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.observers.push(this)
  }
  observe(element: Element) {
    this.elements.push(element)
  }
  disconnect() {
    this.disconnected = true
  }
  static reach(isIntersecting = true) {
    for (const o of FakeObserver.observers.filter((x) => !x.disconnected))
      o.callback(
        o.elements.map((target) => ({ target, isIntersecting }) as IntersectionObserverEntry),
        o as unknown as IntersectionObserver,
      )
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.observers = []
})

const section = () => (
  <WhenNearViewport anchor="screening" title="Screening">
    <section aria-label="Screening">Two candidates wait</section>
  </WhenNearViewport>
)

describe('WhenNearViewport', () => {
  it('stands in with the busy, named, anchored region until the section comes near, then renders it', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(section())
    const placeholder = screen.getByRole('region', { name: 'Screening' })
    expect(placeholder).toHaveAttribute('aria-busy', 'true')
    expect(placeholder).toHaveAttribute('id', 'screening')
    expect(screen.getByRole('heading', { name: 'Screening' })).toBeInTheDocument()
    expect(screen.queryByText('Two candidates wait')).not.toBeInTheDocument()
    expect(FakeObserver.observers[0]?.options?.rootMargin).toMatch(/^\d+px/)

    act(() => FakeObserver.reach(false))
    expect(screen.queryByText('Two candidates wait')).not.toBeInTheDocument()

    act(() => FakeObserver.reach(true))
    expect(screen.getByText('Two candidates wait')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Screening' })).not.toHaveAttribute('aria-busy')
    expect(FakeObserver.observers.every((o) => o.disconnected)).toBe(true)
  })

  it('renders the section at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(section())
    expect(screen.getByText('Two candidates wait')).toBeInTheDocument()
  })
})

describe('WhenNearViewport opened at its anchor', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  it('renders the section at once when the address ends in its anchor', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    window.history.replaceState(null, '', '/review?id=1#screening')
    render(section())
    expect(screen.getByText('Two candidates wait')).toBeInTheDocument()
  })

  it('renders the section when a link changes the address to its anchor', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    window.history.replaceState(null, '', '/review?id=1')
    render(section())
    expect(screen.queryByText('Two candidates wait')).not.toBeInTheDocument()
    act(() => {
      window.history.replaceState(null, '', '/review?id=1#risk')
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
    expect(screen.queryByText('Two candidates wait')).not.toBeInTheDocument()
    act(() => {
      window.history.replaceState(null, '', '/review?id=1#screening')
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
    expect(screen.getByText('Two candidates wait')).toBeInTheDocument()
  })
})

describe('WhenNearViewport for a part without a heading', () => {
  it('stands in with a skeleton said as its label, then renders the part', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(
      <WhenNearViewport lines={2} label="Loading the businesses">
        <table aria-label="Businesses" />
      </WhenNearViewport>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('Loading the businesses')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
    act(() => FakeObserver.reach(true))
    expect(screen.getByRole('table', { name: 'Businesses' })).toBeInTheDocument()
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })
})

describe('WhenNearViewport keeps the section the address names in view', () => {
  const scrollIntoView = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollIntoView')
  afterEach(() => {
    window.history.replaceState(null, '', '/')
    if (scrollIntoView) Object.defineProperty(HTMLElement.prototype, 'scrollIntoView', scrollIntoView)
    else Reflect.deleteProperty(HTMLElement.prototype, 'scrollIntoView')
    vi.restoreAllMocks()
  })

  it('brings it to the top each time the page grows, until the reader scrolls', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    let grow: () => void = () => undefined
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: () => void) {
          grow = callback
        }
        observe() {}
        disconnect() {
          grow = () => undefined
        }
      },
    )
    const scrolled = vi.fn()
    let top = 900
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(() => ({ top }) as DOMRect)
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled(this.id)
      top = 0
    }
    window.history.replaceState(null, '', '/review?id=1')
    render(
      <WhenNearViewport anchor="risk" title="Risk">
        <section id="risk" aria-label="Risk">
          Medium risk
        </section>
      </WhenNearViewport>,
    )
    act(() => {
      window.history.replaceState(null, '', '/review?id=1#risk')
      window.dispatchEvent(new HashChangeEvent('hashchange'))
    })
    expect(screen.getByText('Medium risk')).toBeInTheDocument()
    expect(scrolled).toHaveBeenLastCalledWith('risk')
    const calls = scrolled.mock.calls.length

    top = 640 // a section above has loaded and pushed it down
    act(() => grow())
    expect(scrolled).toHaveBeenCalledTimes(calls + 1)

    act(() => {
      window.dispatchEvent(new WheelEvent('wheel'))
    })
    top = 300
    act(() => grow())
    expect(scrolled).toHaveBeenCalledTimes(calls + 1)
  })
})
