let settled: Promise<void> | undefined

/**
 * Resolves once the page has loaded and the browser is idle (at most 2 s after the load event). The shell's extras
 * (toasts, the route progress bar, analytics, the idle timer) load then, so they do not compete with the page's own
 * code and data for the network and the main thread before its content paints. Never resolves on the server.
 */
export function afterPageLoad(): Promise<void> {
  if (typeof window === 'undefined') return new Promise<void>(() => undefined)
  settled ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 })
      else setTimeout(resolve, 50)
    }
    if (document.readyState === 'complete') whenIdle()
    else window.addEventListener('load', whenIdle, { once: true })
  })
  return settled
}
