import { act, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_EVENTS_GLOBAL, replayEarlyEvents } from '../early-events'
import { afterPaintLoader, PAINT_WAIT_CAP_MS, SCRIPTS_STARTED_MARK, scriptSourcesOf } from '../paint-first-head'

const SCRIPTS = [{ src: '/_next/static/chunks/runtime.js' }, { src: '/_next/static/chunks/page.js', crossOrigin: 'anonymous' }]

type PaintCallback = (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void

/** A browser with paint timing: the test decides when the first contentful paint is reported. */
function stubPaintTiming() {
  const observers: PaintCallback[] = []
  class FakeObserver {
    static supportedEntryTypes = ['paint']
    constructor(private readonly callback: PaintCallback) {}
    observe() {
      observers.push(this.callback)
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver)
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
  return {
    paint(name = 'first-contentful-paint') {
      for (const callback of observers)
        callback({ getEntriesByName: (asked) => (asked === name ? [{ name }] : []) }, { disconnect() {} })
    },
  }
}

const runLoader = () => new Function(afterPaintLoader(SCRIPTS))()
const addedScripts = () => [...document.head.querySelectorAll('script[src]')] as HTMLScriptElement[]

beforeEach(() => {
  // The loader's fallback timer must not fire into a later test's document: fake timers are dropped after each test.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  performance.clearMarks()
})

afterEach(() => {
  replayEarlyEvents()
  delete (window as unknown as Record<string, unknown>)[EARLY_EVENTS_GLOBAL]
  // The document's own visibilityState (on its prototype) again, and nothing of these tests left in it.
  delete (document as unknown as Record<string, unknown>).visibilityState
  document.head.innerHTML = ''
  document.body.innerHTML = ''
  performance.clearMarks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('scriptSourcesOf', () => {
  it("keeps Next's external scripts in their order, and not inline or nomodule ones", () => {
    const elements = [
      <script key="a" src="/_next/static/chunks/a.js" defer />,
      null,
      <script key="inline" dangerouslySetInnerHTML={{ __html: 'self.x = 1' }} />,
      <script key="polyfill" src="/_next/static/chunks/polyfills.js" noModule defer />,
      <script key="b" src="/_next/static/chunks/b.js" crossOrigin="anonymous" defer />,
      <link key="c" rel="stylesheet" href="/c.css" />,
    ]
    expect(scriptSourcesOf(elements)).toEqual([
      { src: '/_next/static/chunks/a.js' },
      { src: '/_next/static/chunks/b.js', crossOrigin: 'anonymous' },
    ])
  })
})

describe('the loader', () => {
  it('cannot be closed early by a script address (JSON inside an inline script)', () => {
    const source = afterPaintLoader([{ src: '/x.js?</script><script>alert(1)</script>' }])
    expect(source).not.toContain('</script>')
    expect(source).toContain('\\u003c/script\\u003e')
  })

  it('adds the scripts, in order and run in order, once the page has painted', () => {
    const paint = stubPaintTiming()
    runLoader()
    expect(addedScripts()).toHaveLength(0)

    paint.paint('first-paint')
    expect(addedScripts()).toHaveLength(0)

    paint.paint()
    const scripts = addedScripts()
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(SCRIPTS.map((s) => s.src))
    expect(scripts.every((s) => !s.async)).toBe(true)
    expect(scripts[1]!.crossOrigin).toBe('anonymous')
    expect(performance.getEntriesByName(SCRIPTS_STARTED_MARK)).toHaveLength(1)
  })

  it(`starts them anyway ${PAINT_WAIT_CAP_MS} ms after parsing when no contentful paint comes`, () => {
    stubPaintTiming()
    runLoader()
    vi.advanceTimersByTime(PAINT_WAIT_CAP_MS - 1)
    expect(addedScripts()).toHaveLength(0)
    vi.advanceTimersByTime(1)
    expect(addedScripts()).toHaveLength(2)
  })

  it('does not wait in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined)
    runLoader()
    expect(addedScripts()).toHaveLength(2)
  })
})

describe('taps and submits before the page has hydrated', () => {
  function renderForm() {
    document.body.innerHTML = `
      <form><input name="email"><button type="submit">Sign in</button></form>
      <button type="button" id="tab">Addresses</button>
      <a href="#elsewhere" id="link">Elsewhere</a>`
    const form = document.querySelector('form')!
    const submits: (HTMLElement | null)[] = []
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      submits.push(event.submitter)
    })
    const taps: string[] = []
    document.getElementById('tab')!.addEventListener('click', () => taps.push('tab'))
    document.getElementById('link')!.addEventListener('click', (event) => {
      event.preventDefault()
      taps.push('link')
    })
    return { form, submits, taps }
  }

  it('are held, a submit not sent by the browser, and made once it has; links are left alone', () => {
    stubPaintTiming()
    runLoader()
    const { form, submits, taps } = renderForm()
    const signIn = form.querySelector('button')!

    signIn.click()
    document.getElementById('tab')!.click()
    document.getElementById('link')!.click()
    const nativeSubmit = new Event('submit', { cancelable: true, bubbles: true })
    form.dispatchEvent(nativeSubmit)

    expect(submits).toEqual([])
    expect(nativeSubmit.defaultPrevented).toBe(true)
    expect(taps).toEqual(['link'])

    replayEarlyEvents()
    expect(submits).toEqual([signIn, null])
    expect(taps).toEqual(['link', 'tab'])

    // From then on the page's own handlers have every event, once.
    signIn.click()
    expect(submits).toHaveLength(3)
    replayEarlyEvents()
    expect(submits).toHaveLength(3)
  })

  it('leaves a disabled button alone', () => {
    stubPaintTiming()
    runLoader()
    const { taps } = renderForm()
    const tab = document.getElementById('tab') as HTMLButtonElement
    tab.setAttribute('aria-disabled', 'true')
    tab.click()
    expect(taps).toEqual(['tab'])
    replayEarlyEvents()
    expect(taps).toEqual(['tab'])
  })
})

describe('fields typed in before the page has hydrated', () => {
  function Search() {
    const [query, setQuery] = useState('')
    const [agreed, setAgreed] = useState(false)
    return (
      <form>
        <input aria-label="Search" value={query} onChange={(event) => setQuery(event.target.value)} />
        <input aria-label="Agree" type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <input aria-label="Document" type="file" />
        <p>{query ? `Searching for ${query}` : 'Nothing searched'}</p>
        <p>{agreed ? 'Agreed' : 'Not agreed'}</p>
      </form>
    )
  }

  it('are told to the page once it has: its state then holds what the field shows', async () => {
    stubPaintTiming()
    runLoader()
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Search />)
    document.body.append(container)
    const search = container.querySelector<HTMLInputElement>('input[aria-label="Search"]')!
    const agree = container.querySelector<HTMLInputElement>('input[aria-label="Agree"]')!
    search.value = 'lekki'
    search.dispatchEvent(new Event('input', { bubbles: true }))
    agree.checked = true
    agree.dispatchEvent(new Event('change', { bubbles: true }))
    container.querySelector('input[type="file"]')!.dispatchEvent(new Event('change', { bubbles: true }))

    await act(async () => {
      hydrateRoot(container, <Search />)
    })
    // Hydrated, React keeps what the fields show but its state does not know of it.
    expect(container.textContent).toContain('Nothing searched')
    expect(container.textContent).toContain('Not agreed')

    await act(async () => replayEarlyEvents())
    expect(container.textContent).toContain('Searching for lekki')
    expect(container.textContent).toContain('Agreed')
    expect(search.value).toBe('lekki')
    expect(agree.checked).toBe(true)
  })
})
