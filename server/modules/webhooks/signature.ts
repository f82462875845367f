import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/** A new signing secret: `whsec_` and 32 random bytes, base64url. The whole string is the HMAC key. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`
}

/**
 * The `Webhook-Signature` value (docs/api.md#webhooks): `v1=` and the hex HMAC-SHA256, keyed by the endpoint's secret,
 * of `<Webhook-Timestamp>.<raw body>`. The timestamp is Unix seconds; receivers refuse one too far from their clock.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/** What a receiver does (and what the tests' receiver does): recompute, compare in constant time, check the age. */
export function verifyWebhookSignature(options: {
  secret: string
  timestamp: string
  body: string
  signature: string
  nowSeconds?: number
  toleranceSeconds?: number
}): boolean {
  const ts = Number(options.timestamp)
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  if (!Number.isInteger(ts) || Math.abs(now - ts) > (options.toleranceSeconds ?? 300)) return false
  const expected = Buffer.from(signWebhook(options.secret, ts, options.body))
  const given = Buffer.from(options.signature)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
