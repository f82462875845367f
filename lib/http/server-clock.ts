/**
 * The server's clock as the browser sees it: every API answer carries an HTTP `Date` header, and the difference to
 * the device's clock is kept here. Token expiry is judged against it, not the device's clock alone: a phone whose
 * clock runs ahead of the server's by more than a token's life would otherwise think every token it receives is
 * already expiring, refresh before each call, and have concurrent calls revoke each other's tokens (the rotation
 * revokes the token it replaces), which signs the user out.
 */
let offsetMs = 0

/** Notes the server's `Date` header of an answer received now. Ignores a missing or unreadable one. */
export function noteServerDate(dateHeader: unknown, receivedAt: number = Date.now()): void {
  if (typeof dateHeader !== 'string') return
  const serverTime = Date.parse(dateHeader)
  if (!Number.isFinite(serverTime)) return
  // The header has whole seconds: the server's clock is somewhere in [serverTime, serverTime + 1 s).
  offsetMs = serverTime + 500 - receivedAt
}

/** Now by the server's clock, as far as its last answer tells. */
export function serverNow(now: number = Date.now()): number {
  return now + offsetMs
}

/** Forgets what the server's answers said (tests). */
export function resetServerClock(): void {
  offsetMs = 0
}
