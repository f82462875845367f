/**
 * Reading a JWT's payload without a library and without checking its signature (the server does that): the client
 * only needs `exp` to decide when to refresh.
 */

/** Decodes base64url (RFC 4648 section 5, padding optional) to a string of UTF-8 text; null when invalid. */
export function decodeBase64Url(input: string): string | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(input)) return null
  const base64 = input.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  if (base64.length % 4 === 1) return null
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4)
  try {
    const binary = atob(padded)
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/** The JSON payload (second part) of a JWT, or null when the token is not a JWT with an object payload. */
export function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts[1]) return null
  const json = decodeBase64Url(parts[1])
  if (json === null) return null
  try {
    const payload: unknown = JSON.parse(json)
    return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/** When the token expires, in epoch milliseconds (`exp` is in seconds); null without a numeric `exp`. */
export function getTokenExpiry(token: string): number | null {
  const exp = decodeJwtPayload(token)?.exp
  return typeof exp === 'number' && Number.isFinite(exp) ? exp * 1000 : null
}

/** Milliseconds left before the token expires (negative once expired); null when the expiry is unknown. */
export function msUntilExpiry(token: string, now: number = Date.now()): number | null {
  const expiry = getTokenExpiry(token)
  return expiry === null ? null : expiry - now
}
