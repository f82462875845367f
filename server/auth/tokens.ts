import { errors, jwtVerify, SignJWT } from 'jose'
import { getConfig } from '@/lib/config/env'

/** The only algorithm we sign with and the only one we accept (no `none`, no RS/HS confusion). */
export const ACCESS_TOKEN_ALGORITHMS = ['HS256'] as const

export interface AccessTokenClaims {
  userId: string
  sessionId: string
  /** Seconds since the epoch. */
  expiresAt: number
  /**
   * The session's token generation the token was minted for (`gen`; 0 for tokens without it). Left out when the
   * server reloads an actor it already trusts (no token in hand).
   */
  generation?: number
}

export interface MintedToken {
  accessToken: string
  expiresIn: number
  expiresAt: number
}

function key(): Uint8Array {
  return new TextEncoder().encode(getConfig().jwtSecret)
}

/** Mints a short-lived access token for a session; it never outlives the session's own limit. */
export async function mintAccessToken(input: {
  userId: string
  sessionId: string
  sessionExpiresAt: Date
  /** The session's current token generation (sessions.token_generation); 0, a new session's, when left out. */
  generation?: number
}): Promise<MintedToken> {
  const config = getConfig()
  const now = Math.floor(Date.now() / 1000)
  const expiresAt = Math.min(now + config.accessTokenTtlSeconds, Math.floor(input.sessionExpiresAt.getTime() / 1000))
  const accessToken = await new SignJWT({ sid: input.sessionId, gen: input.generation ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuer(config.jwtIssuer)
    .setAudience(config.jwtAudience)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(key())
  return { accessToken, expiresIn: expiresAt - now, expiresAt }
}

export type TokenFailure = 'expired' | 'invalid'

/**
 * Tokens whose signature, algorithm, issuer and audience already verified in this process, with their claims: a
 * browser sends the same token for its whole lifetime, and the HMAC through WebCrypto is a sizeable share of a
 * request. Keyed by the whole token string (the signature included), so only a byte-identical token hits; expiry is
 * still checked on every use. Whether the session behind it is live is the actor's business (load-actor.ts).
 */
const verified = new Map<string, AccessTokenClaims>()
const MAX_VERIFIED = 10_000

/** The claims of a token this process verified before, or why it now fails; undefined when it must be verified. */
export function knownAccessToken(token: string): AccessTokenClaims | TokenFailure | undefined {
  const known = verified.get(token)
  if (!known) return undefined
  if (known.expiresAt > Math.floor(Date.now() / 1000)) return { ...known }
  verified.delete(token)
  return 'expired'
}

/** Verifies signature, algorithm, exp, iss and aud. Returns the claims or why it failed. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | TokenFailure> {
  const known = knownAccessToken(token)
  if (known) return known
  const config = getConfig()
  try {
    const { payload } = await jwtVerify(token, key(), {
      algorithms: [...ACCESS_TOKEN_ALGORITHMS],
      issuer: config.jwtIssuer,
      audience: config.jwtAudience,
      requiredClaims: ['exp', 'sub', 'sid'],
    })
    const sessionId = payload.sid
    if (typeof sessionId !== 'string' || typeof payload.sub !== 'string') return 'invalid'
    const generation = typeof payload.gen === 'number' && Number.isInteger(payload.gen) ? payload.gen : 0
    const claims = { userId: payload.sub, sessionId, expiresAt: payload.exp!, generation }
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!)
    verified.set(token, claims)
    return claims
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid'
  }
}
