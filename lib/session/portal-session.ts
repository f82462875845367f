import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { sealData, unsealData } from 'iron-session'
import type { AppConfig } from '@/lib/config/env'

/**
 * What the portal's own encrypted session cookie holds. Server-side only (BFF routes and proxy.ts); the browser
 * never sees inside it. The API re-checks the session on every call, so this only has to say who and until when.
 */
export interface PortalSession {
  sessionId: string
  userId: string
  isStaff: boolean
  /** Milliseconds since the epoch: the API session's own hard limit. */
  expiresAt: number
}

type SecretConfig = Pick<AppConfig, 'sessionSecret'>

export async function sealPortalSession(config: SecretConfig, session: PortalSession): Promise<string> {
  const ttl = Math.max(60, Math.floor((session.expiresAt - Date.now()) / 1000))
  return sealData(session, { password: config.sessionSecret, ttl })
}

/** The session in the cookie, or null when it is missing, forged, or past its limit. */
export async function readPortalSession(config: SecretConfig, cookie: string | undefined): Promise<PortalSession | null> {
  if (!cookie) return null
  try {
    const data = await unsealData<Partial<PortalSession>>(cookie, { password: config.sessionSecret, ttl: 0 })
    if (typeof data.sessionId !== 'string' || typeof data.userId !== 'string' || typeof data.expiresAt !== 'number') return null
    if (data.expiresAt <= Date.now()) return null
    return { sessionId: data.sessionId, userId: data.userId, isStaff: data.isStaff === true, expiresAt: data.expiresAt }
  } catch {
    return null
  }
}

function xsrfMac(config: SecretConfig, sessionId: string, nonce: string): string {
  return createHmac('sha256', config.sessionSecret).update(`xsrf:${sessionId}:${nonce}`).digest('base64url')
}

/** An anti-forgery token bound to the session: a random value and its HMAC with the session id. */
export function createXsrfToken(config: SecretConfig, sessionId: string): string {
  const nonce = randomBytes(18).toString('base64url')
  return `${nonce}.${xsrfMac(config, sessionId, nonce)}`
}

export function isValidXsrfToken(config: SecretConfig, sessionId: string, token: string | undefined): boolean {
  if (!token) return false
  const [nonce, mac] = token.split('.')
  if (!nonce || !mac) return false
  const expected = Buffer.from(xsrfMac(config, sessionId, nonce))
  const given = Buffer.from(mac)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/**
 * A request is cross-site when the browser says so (Sec-Fetch-Site), or, for browsers that do not send it,
 * when its Origin is not our own origin. A request with neither header (curl, server-to-server) is not.
 */
export function isCrossSiteRequest(headers: {
  secFetchSite?: string | null
  origin?: string | null
  host?: string | null
}): boolean {
  const site = headers.secFetchSite?.toLowerCase()
  if (site) return site === 'cross-site'
  if (!headers.origin || headers.origin === 'null') return !!headers.origin
  try {
    return new URL(headers.origin).host !== headers.host
  } catch {
    return true
  }
}

/**
 * For `/api/login`, which has no session (so no XSRF token) yet: a browser that says where the request comes from
 * (Sec-Fetch-Site) must say same-origin, and the Origin, or the Referer when there is no Origin, must name this
 * portal (the Host it was sent to, or PUBLIC_URL). `same-site` alone is not enough: a sibling subdomain is
 * same-site. A request naming no origin at all is refused too.
 */
export function isSameOriginRequest(headers: {
  secFetchSite?: string | null
  origin?: string | null
  referer?: string | null
  host?: string | null
  publicUrl?: string | null
}): boolean {
  const site = headers.secFetchSite?.toLowerCase()
  if (site && site !== 'same-origin') return false
  if (headers.origin === 'null') return false
  const source = headers.origin || headers.referer
  if (!source) return false
  let sourceHost: string
  try {
    sourceHost = new URL(source).host
  } catch {
    return false
  }
  if (headers.host && sourceHost === headers.host) return true
  try {
    return !!headers.publicUrl && sourceHost === new URL(headers.publicUrl).host
  } catch {
    return false
  }
}
