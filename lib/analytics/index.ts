/**
 * Marketing analytics: `identify(user)`, `track(event, properties)`, `page(path)`.
 *
 * Every call builds one `AnalyticsEvent` (the body of `POST /api/v1/marketing/events`) and hands it to each sink.
 * The default sink posts it to the portal's own API; more sinks can be added with `addSink`. Analytics is
 * fire-and-forget: these functions never throw, never toast and never navigate, whatever a sink does.
 *
 * Each event carries the visitor's stored `channel` (localStorage, see `captureChannel`) and an `anonymousId`
 * (localStorage `anonymousId`, made on first use) so calls before and after sign-in can be linked. An e-mail, given
 * as `email` or `Email` (spec section 3), travels as lower-case top-level `email` only.
 */
import { API_BASE_URL } from '@/lib/config/public'
// The facade: axios loads only when an event needs it (an expired token, a browser without fetch or sendBeacon), not
// with this module, which would otherwise carry its own copy of the client into its chunk.
import { apiClient } from '@/lib/http/lazy-client'
import { LOCAL_STORAGE_KEYS } from '@/lib/session/keys'
import { getAccessToken, getChannel, readItem, writeItem } from '@/lib/session/storage'

export type AnalyticsEventType = 'identify' | 'track' | 'page'

/** The body of `POST /marketing/events` (lib/contracts/marketing.ts), as the client sends it. */
export interface AnalyticsEvent {
  type: AnalyticsEventType
  /** The event name of a `track` call. */
  event?: string
  /** The path of a `page` call. */
  path?: string
  /** Lower-case e-mail, only when it looks like one (the API refuses the whole event otherwise). */
  email?: string
  anonymousId?: string
  channel?: string
  properties?: Record<string, unknown>
}

/** Receives every event. May be async; whatever it throws or rejects with is ignored. */
export type AnalyticsSink = (event: AnalyticsEvent) => void | Promise<unknown>

/**
 * What `identify` accepts: any user object (the login answer's `user`, an account, an interface type ...) with its
 * e-mail as `email` or `Email`.
 */
export type AnalyticsUser = object

export const MARKETING_EVENTS_PATH = '/marketing/events'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_EVENT_LENGTH = 200
const MAX_PATH_LENGTH = 2000
const MAX_ID_LENGTH = 100

/**
 * The e-mail of a payload, from `email` or else `Email`, trimmed and lower-cased; undefined when absent or not an
 * e-mail address.
 */
export function normaliseEmail(payload: Record<string, unknown> | undefined): string | undefined {
  if (!payload) return undefined
  const raw = typeof payload.email === 'string' && payload.email.trim() ? payload.email : payload.Email
  if (typeof raw !== 'string') return undefined
  const email = raw.trim().toLowerCase()
  return EMAIL_PATTERN.test(email) && email.length <= 320 ? email : undefined
}

/** `payload` without its `email` / `Email` keys, or undefined when nothing else is left. */
function withoutEmail(payload: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!payload) return undefined
  const rest = Object.fromEntries(Object.entries(payload).filter(([key]) => key !== 'email' && key !== 'Email'))
  return Object.keys(rest).length > 0 ? rest : undefined
}

function randomId(): string {
  try {
    if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  } catch {
    // randomUUID needs a secure context; fall through
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`
}

/** The visitor's anonymous id (localStorage `anonymousId`), made and stored on first use; undefined on the server. */
export function getAnonymousId(): string | undefined {
  if (typeof window === 'undefined') return undefined
  const stored = readItem('local', LOCAL_STORAGE_KEYS.anonymousId)
  if (stored && stored.length <= MAX_ID_LENGTH) return stored
  const id = randomId()
  writeItem('local', LOCAL_STORAGE_KEYS.anonymousId, id)
  return id
}

/** Adds `channel`, `anonymousId` and the normalised e-mail; drops empty fields. */
export function buildEvent(
  type: AnalyticsEventType,
  fields: { event?: string; path?: string; email?: unknown; Email?: unknown; properties?: Record<string, unknown> },
): AnalyticsEvent {
  const email = normaliseEmail({ email: fields.email, Email: fields.Email }) ?? normaliseEmail(fields.properties)
  const properties = withoutEmail(fields.properties)
  const channel = getChannel()?.slice(0, MAX_ID_LENGTH)
  const anonymousId = getAnonymousId()
  const event: AnalyticsEvent = { type }
  if (fields.event) event.event = fields.event.trim().slice(0, MAX_EVENT_LENGTH)
  if (fields.path) event.path = fields.path.slice(0, MAX_PATH_LENGTH)
  if (email) event.email = email
  if (anonymousId) event.anonymousId = anonymousId
  if (channel) event.channel = channel
  if (properties) event.properties = properties
  return event
}

function eventsUrl(): string {
  return `${API_BASE_URL.replace(/\/+$/, '')}${MARKETING_EVENTS_PATH}`
}

/**
 * Signed in: the event goes by `fetch` with the bearer, not through the API client, so that a page view does not load
 * axios and its interceptors (a long task on a phone) on a page that asks nothing else once painted. An expired
 * access token (401) hands the event to the client, which refreshes the token and sends it again.
 */
async function postWithBearer(event: AnalyticsEvent, token: string): Promise<unknown> {
  const response = await fetch(eventsUrl(), {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(event),
  })
  if (response.status === 401) return apiClient.post(MARKETING_EVENTS_PATH, event, { silent: true })
  return undefined
}

/**
 * The default sink: `POST /api/v1/marketing/events`.
 * - Signed in: by `fetch` with the bearer (the API links the event to the user), through `apiClient` with
 *   `silent: true` when the token has expired (no toast, no sign-out, no navigation) or the browser has no `fetch`.
 * - Not signed in: `navigator.sendBeacon` when the browser has it (it survives leaving the page), else `apiClient`
 *   as above.
 * Does nothing outside the browser. Never throws; failures are dropped.
 */
export const defaultSink: AnalyticsSink = (event) => {
  if (typeof window === 'undefined') return
  const token = getAccessToken()
  if (token && typeof fetch === 'function') return postWithBearer(event, token).catch(() => undefined)
  if (!token && typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(eventsUrl(), new Blob([JSON.stringify(event)], { type: 'application/json' }))) return
    } catch {
      // refused (e.g. cross-origin with a JSON body): fall back to the client
    }
  }
  return apiClient.post(MARKETING_EVENTS_PATH, event, { silent: true }).catch(() => undefined)
}

const sinks: AnalyticsSink[] = [defaultSink]
let enabled = true

/** Adds a sink (after those present); answers a function that removes it. Adding the same sink twice has no effect. */
export function addSink(sink: AnalyticsSink): () => void {
  if (!sinks.includes(sink)) sinks.push(sink)
  return () => removeSink(sink)
}

/** Removes a sink, the default one included (`removeSink(defaultSink)`). */
export function removeSink(sink: AnalyticsSink): void {
  const index = sinks.indexOf(sink)
  if (index >= 0) sinks.splice(index, 1)
}

/** Back to the default sink only (for tests). */
export function resetSinks(): void {
  sinks.splice(0, sinks.length, defaultSink)
}

/** Turns every call into a no-op while false (e.g. the user's `marketingOptOut` preference). */
export function setAnalyticsEnabled(value: boolean): void {
  enabled = value
}

export function isAnalyticsEnabled(): boolean {
  return enabled
}

function dispatch(build: () => AnalyticsEvent): void {
  if (!enabled) return
  let event: AnalyticsEvent
  try {
    event = build()
  } catch {
    return
  }
  for (const sink of [...sinks]) {
    try {
      const result = sink(event)
      if (result && typeof (result as Promise<unknown>).catch === 'function') (result as Promise<unknown>).catch(() => undefined)
    } catch {
      // a sink's failure is never the caller's problem
    }
  }
}

/**
 * Tells the marketing tool who the user is. The e-mail (`email` or `Email`) becomes the event's `email`; the other
 * fields of `user` go in `properties`.
 */
export function identify(user: AnalyticsUser): void {
  dispatch(() => {
    const fields = { ...(user as Record<string, unknown>) }
    return buildEvent('identify', { email: fields.email, Email: fields.Email, properties: withoutEmail(fields) })
  })
}

/** Records a named event. An `email` / `Email` among the properties becomes the event's `email`. */
export function track(event: string, properties?: Record<string, unknown>): void {
  if (typeof event !== 'string' || !event.trim()) return
  dispatch(() => buildEvent('track', { event, properties }))
}

/** Records a page view (the shell calls it on every route change). */
export function page(path: string): void {
  if (typeof path !== 'string' || !path) return
  dispatch(() => buildEvent('page', { path }))
}
