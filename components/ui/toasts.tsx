import type { Router } from 'next/router'
import { useEffect, useState, type ComponentType } from 'react'
import type { ToastContainerProps } from 'react-toastify'
import { afterPageLoad } from '@/lib/navigation/after-page-load'

export type NotifyType = 'info' | 'success' | 'warning' | 'error'

/** Spec section 9: a toast stays 5,000 ms. */
export const TOAST_AUTO_CLOSE_MS = 5000
/** At most this many toasts at once: a newer one closes the oldest rather than piling up or queueing behind it. */
export const TOAST_LIMIT = 3
/**
 * Where toasts show: bottom right, over no control the shell keeps at the top (the account menu, a screen's status
 * badges and its primary action sit top right; issue 34). On a phone react-toastify spans the width at the bottom.
 */
export const TOAST_POSITION = 'bottom-right'
/** What a navigation closes: a failure belongs to the page it happened on; a success or notice may explain the next page. */
const CLEARED_ON_NAVIGATION: ReadonlySet<NotifyType> = new Set(['error', 'warning'])
/** What moving to another step of a stepper closes: everything said about the step left ("Company details saved."). */
const CLEARED_ON_STEP: ReadonlySet<NotifyType> = new Set(['success', 'error', 'warning'])

let markReady: () => void
const containerReady = new Promise<void>((resolve) => (markReady = resolve))
// The container loads once the page has loaded, or at once when a toast is asked for before then.
let markWanted: () => void
const containerWanted = new Promise<void>((resolve) => (markWanted = resolve))

type Toastify = typeof import('react-toastify')
interface Shown {
  id: string
  type: NotifyType
  message: string
  count: number
}
/** The toasts on screen, oldest first. */
let shown: Shown[] = []
/** Raised by each step change: a toast asked for before it (not on screen yet) belongs to the step left. */
let stepChanges = 0

/** A repeat reads "… (3 times)": one toast, not three. */
export const repeatedMessage = (message: string, count: number) => (count > 1 ? `${message} (${count} times)` : message)

function show({ toast }: Toastify, message: string, type: NotifyType, toastId: string | undefined) {
  // Equal messages of one kind share an id, so a repeat updates the toast on screen instead of adding another.
  const id = toastId ?? `${type}:${message}`
  const same = shown.find((s) => s.id === id)
  if (same && toast.isActive(id)) {
    same.count += 1
    // A new updateId restarts the toast's progress, so the repeat is on screen for the full time again.
    toast.update(id, { render: repeatedMessage(same.message, same.count), autoClose: TOAST_AUTO_CLOSE_MS })
    return
  }
  // Not `toast.isActive` to forget the others: a toast asked for before the container has subscribed waits in
  // react-toastify's queue, not active yet, and forgetting it left it open through a page change (the container's
  // unmount forgets them all, below).
  shown = shown.filter((s) => s.id !== id)
  while (shown.length >= TOAST_LIMIT) {
    const oldest = shown.shift()!
    toast.dismiss(oldest.id)
  }
  shown.push({ id, type, message, count: 1 })
  toast(message, {
    type,
    toastId: id,
    onClose: () => {
      shown = shown.filter((s) => s.id !== id)
    },
  })
}

/**
 * Shows a toast. react-toastify (~12 kB gzip) is not in the first-load JavaScript: it loads once the page has loaded
 * (afterPageLoad), or at once for the first toast asked for before then, which is shown as soon as it is mounted.
 */
export function notify(message: string, options: { type?: NotifyType; toastId?: string } = {}) {
  markWanted()
  const type = options.type ?? 'info'
  const step = stepChanges
  void containerReady
    .then(() => import('react-toastify'))
    .then((toastify) => {
      if (step !== stepChanges && CLEARED_ON_STEP.has(type)) return
      show(toastify, message, type, options.toastId)
    })
}

function clearToasts(types: ReadonlySet<NotifyType>) {
  const leaving = shown.filter((s) => types.has(s.type))
  if (!leaving.length) return
  shown = shown.filter((s) => !types.has(s.type))
  void import('react-toastify').then(({ toast }) => leaving.forEach((s) => toast.dismiss(s.id)))
}

/** Closes the error and warning toasts: they must not follow the user to the next page. */
export function clearPageToasts() {
  clearToasts(CLEARED_ON_NAVIGATION)
}

/**
 * Closes the toasts of the step being left (success too, unlike a page change), and drops those asked for but not
 * shown yet ("Company details saved." from the save that moves to the next step): a stepper's steps share one URL,
 * so a route change does not tell. Info toasts stay.
 */
export function clearStepToasts() {
  stepChanges += 1
  clearToasts(CLEARED_ON_STEP)
}

/** Clears the page's error and warning toasts when the route changes (a shallow change, a table's filters, keeps them). */
let keepThroughNavigation = false

/**
 * The next navigation leaves the toasts on screen: they say why the user is being sent there (a 401's message on the
 * way to login). Without it, the router's own delay before `routeChangeStart` could let the toast mount first and
 * the navigation it explains close it.
 */
export function keepToastsThroughNextNavigation() {
  keepThroughNavigation = true
}

export function useToastsClearedOnNavigation(events: Router['events']) {
  useEffect(() => {
    const onStart = (_url: string, { shallow }: { shallow: boolean }) => {
      if (shallow) return
      if (keepThroughNavigation) keepThroughNavigation = false
      else clearPageToasts()
    }
    events.on('routeChangeStart', onStart)
    return () => events.off('routeChangeStart', onStart)
  }, [events])
}

/**
 * The toast container of spec section 9: auto-close 5,000 ms, light theme, at TOAST_POSITION. `notify` keeps it to three
 * (closing the oldest; the container's own `limit` would queue the newest behind the others instead). Mount once.
 */
export function Toasts() {
  const [Container, setContainer] = useState<ComponentType<ToastContainerProps> | null>(null)
  useEffect(() => {
    let cancelled = false
    void Promise.race([afterPageLoad(), containerWanted])
      .then(() => import('react-toastify'))
      .then((module) => {
        if (!cancelled) setContainer(() => module.ToastContainer)
      })
    return () => {
      cancelled = true
      // The toasts on screen leave with the container, and their close is not reported.
      shown = []
    }
  }, [])
  useEffect(() => {
    if (Container) markReady()
  }, [Container])
  return Container ? (
    <Container position={TOAST_POSITION} autoClose={TOAST_AUTO_CLOSE_MS} theme="light" newestOnTop={false} closeOnClick />
  ) : null
}
