import { useRouter } from 'next/router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { DEFAULT_EVENTS, useIdleTimer, type EventsType } from 'react-idle-timer'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { isIdleWatchedPath } from '@/lib/navigation/route-paths'

/** Spec section 9: 20 minutes without activity. */
export const IDLE_TIMEOUT_MS = 1_200_000
/** Spec section 9: activity events are throttled to one per 200 ms. */
export const IDLE_EVENTS_THROTTLE_MS = 200
/** Spec section 9: the warning counts down from 10 seconds. */
export const IDLE_COUNTDOWN_SECONDS = 10

export const IDLE_WARNING_TITLE = 'Timeout Warning!!'
export const idleWarningText = (seconds: number) => `You have gone inactive and will be logged out in ${seconds}s`

/**
 * The activity that keeps a session alive: react-idle-timer's defaults without `focus`, which the warning itself
 * causes when it moves focus into the dialog (and back out), and which is no sign of a person at the keyboard.
 */
export const IDLE_ACTIVITY_EVENTS: EventsType[] = DEFAULT_EVENTS.filter((event) => event !== 'focus')

/** How often the countdown re-reads the clock (it counts from a deadline, so a throttled tab still ends on time). */
const TICK_MS = 250

export interface IdleTimeoutProps {
  /** Called once when the countdown reaches 0: end the session and go to login. */
  onTimeout: () => void | Promise<void>
}

/**
 * Spec sections 4 and 9: on routes whose path contains `/s/`, 20 minutes without activity opens the warning
 * 'Timeout Warning!!', counting down from 10 seconds; any activity (mouse, keys, wheel, touch, coming back to the
 * tab) closes it and starts the 20 minutes again; at 0 `onTimeout` is called. Elsewhere it does nothing.
 */
export function IdleTimeout({ onTimeout }: IdleTimeoutProps) {
  const router = useRouter()
  const watched = isIdleWatchedPath(router.asPath)
  const [deadline, setDeadline] = useState<number | null>(null)
  const [secondsLeft, setSecondsLeft] = useState(IDLE_COUNTDOWN_SECONDS)
  const timedOut = useRef(false)
  const latestOnTimeout = useRef(onTimeout)
  useEffect(() => {
    latestOnTimeout.current = onTimeout
  }, [onTimeout])

  const close = useCallback(() => {
    setDeadline(null)
    setSecondsLeft(IDLE_COUNTDOWN_SECONDS)
  }, [])

  const timer = useIdleTimer({
    timeout: IDLE_TIMEOUT_MS,
    eventsThrottle: IDLE_EVENTS_THROTTLE_MS,
    events: IDLE_ACTIVITY_EVENTS,
    disabled: !watched,
    onIdle: () => {
      timedOut.current = false
      setSecondsLeft(IDLE_COUNTDOWN_SECONDS)
      setDeadline(Date.now() + IDLE_COUNTDOWN_SECONDS * 1000)
    },
    onActive: close,
  })

  // Leaving the /s/ area closes a warning that was showing.
  const [wasWatched, setWasWatched] = useState(watched)
  if (wasWatched !== watched) {
    setWasWatched(watched)
    if (!watched) close()
  }

  useEffect(() => {
    if (deadline === null) return
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
      setSecondsLeft(left)
      if (left === 0 && !timedOut.current) {
        timedOut.current = true
        window.clearInterval(interval)
        void Promise.resolve()
          .then(() => latestOnTimeout.current())
          .catch(() => undefined)
          .finally(() => setDeadline(null))
      }
    }
    const interval = window.setInterval(tick, TICK_MS)
    return () => window.clearInterval(interval)
  }, [deadline])

  const stayActive = () => {
    close()
    timer.activate()
  }

  const open = watched && deadline !== null
  return (
    <Modal
      open={open}
      onClose={stayActive}
      title={IDLE_WARNING_TITLE}
      description={idleWarningText(secondsLeft)}
      role="alertdialog"
      size="sm"
      footer={<Button onClick={stayActive}>Stay signed in</Button>}
    />
  )
}
