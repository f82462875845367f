/**
 * The HTTP layer imports no UI. It reports what the user should see or where they should go through `httpEvents`;
 * the app shell subscribes once and turns the events into react-toastify toasts and router navigation.
 *
 * ```ts
 * const offToast = httpEvents.on('toast', ({ type, message, toastId }) => toast(message, { type, toastId }))
 * const offNav = httpEvents.on('navigate', ({ to, replace }) => (replace ? router.replace(to) : router.push(to)))
 * const offExpired = httpEvents.on('session-expired', () => void fetch('/api/logout', { method: 'POST' }))
 * ```
 */
import type { StoredAuthData } from '@/lib/session/storage'

/** An object type whose keys are event names and values the payload of each (an interface works). */
export type EventMap = object

export type Listener<T> = (payload: T) => void

/** A tiny synchronous, typed event emitter. */
export interface Emitter<Events extends EventMap> {
  /** Adds a listener; answers a function that removes it. */
  on<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void
  /** Adds a listener that is removed after its first call; answers a function that removes it earlier. */
  once<K extends keyof Events>(type: K, listener: Listener<Events[K]>): () => void
  /** Removes a listener added with `on` (no effect when absent). */
  off<K extends keyof Events>(type: K, listener: Listener<Events[K]>): void
  /**
   * Calls the listeners of `type` in the order they were added, synchronously. A listener that throws does not stop
   * the others nor the emitter's caller: the exception is reported with `console.error`.
   */
  emit<K extends keyof Events>(type: K, payload: Events[K]): void
  /** Number of listeners of `type`. */
  listenerCount(type: keyof Events): number
  /** Removes every listener (of `type`, or of all events). */
  clear(type?: keyof Events): void
}

export function createEmitter<Events extends EventMap>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>()
  const setOf = (type: keyof Events) => {
    let set = listeners.get(type)
    if (!set) listeners.set(type, (set = new Set()))
    return set
  }
  const emitter: Emitter<Events> = {
    on(type, listener) {
      setOf(type).add(listener as Listener<never>)
      return () => emitter.off(type, listener)
    },
    once(type, listener) {
      const wrapper: Listener<Events[typeof type]> = (payload) => {
        emitter.off(type, wrapper)
        listener(payload)
      }
      return emitter.on(type, wrapper)
    },
    off(type, listener) {
      listeners.get(type)?.delete(listener as Listener<never>)
    },
    emit(type, payload) {
      const set = listeners.get(type)
      if (!set) return
      for (const listener of [...set]) {
        try {
          ;(listener as Listener<Events[typeof type]>)(payload)
        } catch (error) {
          console.error(`[httpEvents] a "${String(type)}" listener threw`, error)
        }
      }
    },
    listenerCount(type) {
      return listeners.get(type)?.size ?? 0
    },
    clear(type) {
      if (type === undefined) listeners.clear()
      else listeners.delete(type)
    },
  }
  return emitter
}

/** react-toastify's toast types. */
export type ToastType = 'info' | 'success' | 'warning' | 'error'

export interface ToastEvent {
  type: ToastType
  message: string
  /** Pass to react-toastify's `toastId`: a toast with the same id is not shown twice while visible. */
  toastId?: string
}

/** Why the HTTP layer asks for a navigation. */
export type NavigateReason =
  /** A 401: stored auth was cleared; `to` is `/auth/login?from=<current path and query>`. */
  | 'session-expired'
  /** GET /accounts/me failed with an empty body; `to` is `/auth/login`, emitted 1 second after the failure. */
  | 'account-unavailable'
  /** A 403 FACTOR_ENROLMENT_REQUIRED: the session may only enrol a second factor; `to` is the enrolment page. */
  | 'factor-enrolment'

export interface NavigateEvent {
  /** A path of the portal, with its query string. */
  to: string
  /** True: replace the current history entry (the HTTP layer always asks for this). */
  replace: boolean
  reason: NavigateReason
}

export interface SessionExpiredEvent {
  /** The path and query the user was on (what `from` carries), or null outside the browser. */
  from: string | null
}

export interface TokenRefreshedEvent {
  /** What is now stored under `user_auth_data`. */
  authData: StoredAuthData
}

/** Every event the HTTP layer (and lib/query) emits. */
export interface HttpEvents {
  /** Show a toast. */
  toast: ToastEvent
  /** Go to another route of the portal. */
  navigate: NavigateEvent
  /**
   * A 401 answered: sessionStorage was cleared already. The shell should also end the portal's cookie session
   * (`POST /api/logout`) so proxy.ts stops letting the user into /s/ routes.
   */
  'session-expired': SessionExpiredEvent
  /** The access token was refreshed and stored; the shell may update its own copy (e.g. re-post `/api/login`). */
  'token-refreshed': TokenRefreshedEvent
}

/** The one emitter shared by lib/http, lib/query and the app shell. */
export const httpEvents: Emitter<HttpEvents> = createEmitter<HttpEvents>()
