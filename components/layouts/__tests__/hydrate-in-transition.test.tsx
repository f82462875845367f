import * as React from 'react'
import { act, useState } from 'react'
import ReactDOMClient from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, describe, expect, it, vi } from 'vitest'

/** React's shared internals: `T` is the transition in progress (null outside `startTransition`). */
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: { T: unknown } })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE

function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      Clicked {count} times
    </button>
  )
}

const original = ReactDOMClient.hydrateRoot

afterEach(() => {
  ReactDOMClient.hydrateRoot = original
  vi.resetModules()
  document.body.innerHTML = ''
})

/** A fresh copy of the module (it installs itself once per page). */
const install = async () => (await import('../hydrate-in-transition')).hydrateInTransition()

describe('hydrateInTransition: the first hydration in a transition', () => {
  it('calls React’s hydrateRoot inside startTransition and hands back its root', async () => {
    let inTransition: boolean | undefined
    const root = { unmount: vi.fn(), render: vi.fn() }
    ReactDOMClient.hydrateRoot = ((...args: Parameters<typeof original>) => {
      inTransition = internals.T !== null
      void args
      return root
    }) as typeof original
    await install()

    const container = document.createElement('div')
    expect(ReactDOMClient.hydrateRoot(container, <Counter />)).toBe(root)
    expect(inTransition).toBe(true)
    // Outside the call, no transition is left open.
    expect(internals.T).toBeNull()
  })

  it('hydrates the server’s HTML without a mismatch, and the page then responds', async () => {
    await install()
    expect(ReactDOMClient.hydrateRoot).not.toBe(original)
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Counter />)
    document.body.append(container)
    const serverButton = container.querySelector('button')
    const recoverable = vi.fn()

    ;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true
    let root: ReturnType<typeof original> | undefined
    await act(async () => {
      root = ReactDOMClient.hydrateRoot(container, <Counter />, { onRecoverableError: recoverable })
    })
    // The server's button was kept (a mismatch would have replaced it) and now has its handler.
    expect(container.querySelector('button')).toBe(serverButton)
    await act(async () => serverButton!.click())
    expect(serverButton!.textContent).toBe('Clicked 1 times')
    expect(recoverable).not.toHaveBeenCalled()
    act(() => root!.unmount())
  })
})
