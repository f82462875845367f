import { Secret, TOTP } from 'otpauth'

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 s steps. */
const PERIOD_SECONDS = 30
const ISSUER = 'KYC Portal'

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

function totpOf(secret: string, label = 'account') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  })
}

/** The `otpauth://` URI an app scans (as a QR code) or takes typed in. */
export function totpUri(secret: string, label: string): string {
  return totpOf(secret, label).toString()
}

/** The current code (the demo's code helper and tests; never answered in production). */
export function currentTotpCode(secret: string, at = Date.now()): string {
  return totpOf(secret).generate({ timestamp: at })
}

/**
 * The time step a code belongs to when it is right within ±1 step of now, else null. A step at or before
 * `lastStep` (the last one accepted for this factor) is a replay and also null.
 */
export function acceptedTotpStep(options: { secret: string; code: string; lastStep: number | null; at?: number }): number | null {
  const code = options.code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(code)) return null
  const at = options.at ?? Date.now()
  const delta = totpOf(options.secret).validate({ token: code, timestamp: at, window: 1 })
  if (delta === null) return null
  const step = Math.floor(at / 1000 / PERIOD_SECONDS) + delta
  if (options.lastStep !== null && step <= options.lastStep) return null
  return step
}
