import { useEffect, useState, type ComponentType } from 'react'
import type { ToastContainerProps } from 'react-toastify'

export type NotifyType = 'info' | 'success' | 'warning' | 'error'

let markReady: () => void
const containerReady = new Promise<void>((resolve) => (markReady = resolve))

/**
 * Shows a toast. react-toastify (~12 kB gzip) is loaded after the page has hydrated, not in its first-load
 * JavaScript; a toast asked for before then waits for the container and is shown as soon as it is mounted.
 */
export function notify(message: string, options: { type?: NotifyType; toastId?: string } = {}) {
  void containerReady
    .then(() => import('react-toastify'))
    .then(({ toast }) => toast(message, { type: options.type ?? 'info', toastId: options.toastId }))
}

/** The toast container of spec section 9: top-right, auto-close 5000 ms, light theme. Mount once, in the shell. */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null)
  useEffect(() => {
    let cancelled = false
    void import('react-toastify').then((module) => {
      if (!cancelled) setContainer(() => module.ToastContainer)
    })
    return () => {
      cancelled = true
    }
  }, [])
  useEffect(() => {
    if (Container) markReady()
  }, [Container])
  return Container ? <Container position="top-right" autoClose={5000} theme="light" newestOnTop closeOnClick /> : null
}
