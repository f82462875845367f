/**
 * Typed access to the browser storage keys of the spec (section 3, and section 4 "Client state").
 *
 * sessionStorage (one tab, gone when the tab closes): `user_auth_data`, `selectedStep`, `setKycIsCompleted`,
 * `crmFlow`, `businessId`, `externalBusinessUrl`. localStorage (kept across visits): `channel`, `sourceProduct`
 * (and `anonymousId`, used by lib/analytics).
 *
 * Every helper is safe to call anywhere:
 * - on the server (no `window`): reads answer `null` / `false`, writes do nothing;
 * - when the browser refuses storage (Safari private mode, disabled cookies, quota exceeded): the exception is
 *   swallowed, reads answer `null` / `false`, writes do nothing;
 * - when a stored value is corrupt (not JSON, or JSON of the wrong shape): reads answer `null`.
 * Nothing touches `window` at import time.
 */
import type { LoginAnswer } from '@/lib/contracts/accounts'
import { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './keys'

export { LOCAL_STORAGE_KEYS, SESSION_STORAGE_KEYS } from './keys'

/** Which browser storage area a key lives in. */
export type StorageKind = 'session' | 'local'

/**
 * What `user_auth_data` holds: the login (or refresh) answer (docs/api.md#authentication-cookies-and-xsrf), stored
 * whole. Older entries may carry the token as `accessToken`, so both names are optional here; read the token with
 * `getAccessToken()`.
 */
export type StoredAuthData = Partial<Omit<LoginAnswer, 'user'>> & {
  accessToken?: string
  user?: Partial<LoginAnswer['user']> & Record<string, unknown>
} & Record<string, unknown>

/** The storage area, or null on the server or when the browser refuses access (reading the property can throw). */
function area(kind: StorageKind): Storage | null {
  if (typeof window === 'undefined') return null
  try {
    const storage = kind === 'session' ? window.sessionStorage : window.localStorage
    return storage ?? null
  } catch {
    return null
  }
}

/** The raw string under `key`, or null when absent or unreadable. */
export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null
  } catch {
    return null
  }
}

/** Stores `value` under `key`; answers false when the browser refused (quota, private mode) or on the server. */
export function writeItem(kind: StorageKind, key: string, value: string): boolean {
  const storage = area(kind)
  if (!storage) return false
  try {
    storage.setItem(key, value)
    return true
  } catch {
    return false
  }
}

/** Removes `key`; never throws. */
export function removeItem(kind: StorageKind, key: string): void {
  try {
    area(kind)?.removeItem(key)
  } catch {
    // storage unavailable: nothing to remove
  }
}

/** The JSON value under `key`, or null when absent, unreadable or not valid JSON. */
function readJson(kind: StorageKind, key: string): unknown {
  const raw = readItem(kind, key)
  if (raw === null) return null
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return null
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A non-empty string after trimming, else null. */
function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null
}

// ---------------------------------------------------------------------------------------------------------------
// user_auth_data (sessionStorage)

/** The stored login answer, or null when absent, corrupt JSON, or not an object (an array, a string, `null`). */
export function getAuthData(): StoredAuthData | null {
  const value = readJson('session', SESSION_STORAGE_KEYS.authData)
  return isPlainObject(value) ? (value as StoredAuthData) : null
}

/** Stores the login (or refresh) answer whole under `user_auth_data`. Answers false when storage refused it. */
export function setAuthData(data: StoredAuthData): boolean {
  let json: string
  try {
    json = JSON.stringify(data)
  } catch {
    return false
  }
  return writeItem('session', SESSION_STORAGE_KEYS.authData, json)
}

/** Removes `user_auth_data` only (use `clearSession()` to sign out). */
export function clearAuthData(): void {
  removeItem('session', SESSION_STORAGE_KEYS.authData)
}

/** The bearer token of the stored auth data: `access_token`, else `accessToken`; null when neither is a non-empty string. */
export function getAccessToken(): string | null {
  const data = getAuthData()
  if (!data) return null
  return nonEmpty(data.access_token) ?? nonEmpty(data.accessToken)
}

/** Spec section 4: logged in is true when sessionStorage holds a parseable object under `user_auth_data`. */
export function isLoggedIn(): boolean {
  return getAuthData() !== null
}

// ---------------------------------------------------------------------------------------------------------------
// selectedStep (sessionStorage)

/** The selected onboarding step, as stored (a string), or null. */
export function getSelectedStep(): string | null {
  return readItem('session', SESSION_STORAGE_KEYS.selectedStep)
}

/** Stores the selected onboarding step (numbers are stored as their decimal text). */
export function setSelectedStep(step: string | number): void {
  writeItem('session', SESSION_STORAGE_KEYS.selectedStep, String(step))
}

export function clearSelectedStep(): void {
  removeItem('session', SESSION_STORAGE_KEYS.selectedStep)
}

// ---------------------------------------------------------------------------------------------------------------
// setKycIsCompleted (sessionStorage)

/** Sets the KYC-completion flag (stored as the text `true`). */
export function setKycIsCompleted(): void {
  writeItem('session', SESSION_STORAGE_KEYS.kycIsCompleted, 'true')
}

/** True when the KYC-completion flag is set (any stored value other than empty, `false` or `0`). */
export function isKycCompleted(): boolean {
  return isFlagSet(readItem('session', SESSION_STORAGE_KEYS.kycIsCompleted))
}

export function clearKycIsCompleted(): void {
  removeItem('session', SESSION_STORAGE_KEYS.kycIsCompleted)
}

function isFlagSet(raw: string | null): boolean {
  if (raw === null) return false
  const value = raw.trim().toLowerCase()
  return value !== '' && value !== 'false' && value !== '0' && value !== 'null' && value !== 'undefined'
}

// ---------------------------------------------------------------------------------------------------------------
// crmFlow (sessionStorage)

/**
 * Marks this tab as being in the CRM flow: stored as the text `true`, or as `value` (the create-business screen keeps
 * the chosen CRM account there as JSON, so a reload prefills the form again).
 */
export function setCrmFlow(value = 'true'): void {
  writeItem('session', SESSION_STORAGE_KEYS.crmFlow, value)
}

/** What `crmFlow` holds (the text `true`, or what the screen stored), or null. */
export function getCrmFlow(): string | null {
  return nonEmpty(readItem('session', SESSION_STORAGE_KEYS.crmFlow))
}

/** Spec section 4: true when the `crmFlow` flag is set (any stored value other than empty, `false` or `0`). */
export function isCrmFlow(): boolean {
  return isFlagSet(readItem('session', SESSION_STORAGE_KEYS.crmFlow))
}

export function clearCrmFlow(): void {
  removeItem('session', SESSION_STORAGE_KEYS.crmFlow)
}

// ---------------------------------------------------------------------------------------------------------------
// businessId, externalBusinessUrl (sessionStorage)

/** The business chosen in this tab, or null (an empty stored value counts as none). */
export function getBusinessId(): string | null {
  return nonEmpty(readItem('session', SESSION_STORAGE_KEYS.businessId))
}

export function setBusinessId(id: string): void {
  writeItem('session', SESSION_STORAGE_KEYS.businessId, id)
}

export function clearBusinessId(): void {
  removeItem('session', SESSION_STORAGE_KEYS.businessId)
}

/** The external business source URL kept for this tab, or null. */
export function getExternalBusinessUrl(): string | null {
  return nonEmpty(readItem('session', SESSION_STORAGE_KEYS.externalBusinessUrl))
}

export function setExternalBusinessUrl(url: string): void {
  writeItem('session', SESSION_STORAGE_KEYS.externalBusinessUrl, url)
}

export function clearExternalBusinessUrl(): void {
  removeItem('session', SESSION_STORAGE_KEYS.externalBusinessUrl)
}

// ---------------------------------------------------------------------------------------------------------------
// Sign-out

/**
 * Removes every sessionStorage key of the spec: `user_auth_data`, `selectedStep`, `setKycIsCompleted`, `crmFlow`,
 * `businessId`, `externalBusinessUrl`. localStorage (`channel`, `sourceProduct`) is kept: it describes the visitor,
 * not the session.
 */
export function clearSession(): void {
  for (const key of Object.values(SESSION_STORAGE_KEYS)) removeItem('session', key)
}

// ---------------------------------------------------------------------------------------------------------------
// channel, sourceProduct (localStorage)

/** The longest channel the API accepts (signup and marketing calls); longer values are cut. */
export const MAX_CHANNEL_LENGTH = 100

/** Query parameters as `URLSearchParams`, a query string (`?a=b` or `a=b`), or Next's `router.query`. */
export type SearchParamsLike = URLSearchParams | string | Readonly<Record<string, string | readonly string[] | undefined>>

function readParam(params: SearchParamsLike, name: string): string | null {
  if (typeof params === 'string') return new URLSearchParams(params.startsWith('?') ? params.slice(1) : params).get(name)
  if (params instanceof URLSearchParams) return params.get(name)
  const value = params[name]
  if (typeof value === 'string') return value
  return value?.[0] ?? null
}

/**
 * docs/domain.md#where-a-visitor-came-from: stores `?channel=` (trimmed, at most 100 characters) in localStorage
 * `channel` when the parameter is present and not empty; otherwise keeps what is stored. Answers the channel now stored
 * (or null).
 */
export function captureChannel(searchParams: SearchParamsLike): string | null {
  const value = readParam(searchParams, 'channel')?.trim()
  if (value) writeItem('local', LOCAL_STORAGE_KEYS.channel, value.slice(0, MAX_CHANNEL_LENGTH))
  return getChannel()
}

/** Where the visitor came from (localStorage `channel`), or null. */
export function getChannel(): string | null {
  return nonEmpty(readItem('local', LOCAL_STORAGE_KEYS.channel))
}

export function clearChannel(): void {
  removeItem('local', LOCAL_STORAGE_KEYS.channel)
}

/** The product the visitor arrived for (localStorage `sourceProduct`), or null. */
export function getSourceProduct(): string | null {
  return nonEmpty(readItem('local', LOCAL_STORAGE_KEYS.sourceProduct))
}

export function setSourceProduct(productCode: string): void {
  writeItem('local', LOCAL_STORAGE_KEYS.sourceProduct, productCode)
}

export function clearSourceProduct(): void {
  removeItem('local', LOCAL_STORAGE_KEYS.sourceProduct)
}
