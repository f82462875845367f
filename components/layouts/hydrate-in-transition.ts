import { startTransition } from 'react'
import ReactDOMClient from 'react-dom/client'

let installed = false

/**
 * Makes the page's first hydration interruptible (docs/architecture.md#first-paint); `instrumentation-client.ts` calls
 * it before Next hydrates.
 *
 * Next's pages router calls `hydrateRoot` outside a transition, so React hydrates the whole page in one task at
 * default priority: 100–500 ms of blocked main thread on a phone (Lighthouse's total blocking time), during which a tap
 * waits. Inside `startTransition` the same call hydrates at a transition's priority, which React renders in slices of a
 * few milliseconds, giving the browser its turn in between; a tap on a part not hydrated yet makes React hydrate that
 * part first. What is rendered and committed is the same: only the scheduling changes.
 */
export function hydrateInTransition(): void {
  if (installed) return
  installed = true
  const hydrateRoot = ReactDOMClient.hydrateRoot
  ReactDOMClient.hydrateRoot = function hydrateRootInTransition(...args: Parameters<typeof hydrateRoot>) {
    let root: ReturnType<typeof hydrateRoot> | undefined
    startTransition(() => {
      root = hydrateRoot(...args)
    })
    return root!
  }
}
