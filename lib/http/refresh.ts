/**
 * Keeping an active user's token alive (docs/api.md#the-browser-client): when less than 5 minutes remain before a call,
 * `POST /accounts/refresh-token` is called once (one shared promise however many calls are waiting), the answer is
 * stored under `user_auth_data`, and the waiting calls continue with the new token. A failed refresh is silent: the
 * calls continue with the old token and, when it is no longer valid, the 401 path signs the user out.
 */
import type { AxiosInstance } from 'axios'
import { getAccessToken, getAuthData, setAuthData, type StoredAuthData } from '@/lib/session/storage'
import { httpEvents } from './events'
import { msUntilExpiry } from './jwt'
import './request-flags'

/** Refresh when less than this remains before the token expires: 5 minutes. */
export const REFRESH_THRESHOLD_MS = 5 * 60 * 1000

export const REFRESH_TOKEN_PATH = '/accounts/refresh-token'

/** Calls that never trigger a refresh: signing in and the refresh itself. */
const NO_REFRESH_PATHS = [/\/accounts\/login$/, /\/accounts\/refresh-token$/]

/**
 * True when `token` is a JWT with an `exp` and less than 5 minutes remain (an expired token too: the client's clock
 * may run ahead of the server's, and a refused refresh costs one call). False for tokens without `exp`.
 */
export function shouldRefreshToken(token: string, now: number = Date.now()): boolean {
  const left = msUntilExpiry(token, now)
  return left !== null && left < REFRESH_THRESHOLD_MS
}

/** True when a call to `url` may trigger a refresh. */
export function isRefreshableUrl(url: string | undefined): boolean {
  const path = (url ?? '').split(/[?#]/)[0] ?? ''
  return !NO_REFRESH_PATHS.some((pattern) => pattern.test(path))
}

/** The refresh in flight, per client. */
const pending = new WeakMap<AxiosInstance, Promise<string | null>>()

function tokenOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null
  const { access_token, accessToken } = data as Record<string, unknown>
  if (typeof access_token === 'string' && access_token) return access_token
  if (typeof accessToken === 'string' && accessToken) return accessToken
  return null
}

async function doRefresh(client: AxiosInstance, token: string): Promise<string | null> {
  try {
    const { data } = await client.post<unknown>(REFRESH_TOKEN_PATH, undefined, {
      headers: { Authorization: `Bearer ${token}` },
      skipAuthRefresh: true,
      silent: true,
    })
    const fresh = tokenOf(data)
    if (!fresh) return null
    // Signed out (or signed in again) while the refresh was in flight: keep what is stored now.
    const current = getAuthData()
    if (!current || getAccessToken() !== token) return getAccessToken()
    const next: StoredAuthData = { ...current, ...(data as StoredAuthData) }
    // An older entry named its token accessToken; keep the two names in step.
    if ('accessToken' in next) next.accessToken = fresh
    setAuthData(next)
    httpEvents.emit('token-refreshed', { authData: next })
    return fresh
  } catch {
    return null
  }
}

/**
 * Refreshes the stored token through `client`, sharing one call among every caller while it runs. Answers the new
 * token, or null when there was nothing to refresh or the refresh failed (callers then keep the old token).
 */
export function refreshAccessToken(client: AxiosInstance): Promise<string | null> {
  const running = pending.get(client)
  if (running) return running
  const token = getAccessToken()
  if (!token) return Promise.resolve(null)
  const promise = doRefresh(client, token).finally(() => pending.delete(client))
  pending.set(client, promise)
  return promise
}
