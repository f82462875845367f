import { errors, jwtVerify, SignJWT } from 'jose'
import { getConfig } from '@/lib/config/env'

/** The only algorithm we sign with and the only one we accept (no `none`, no RS/HS confusion). */
export const ACCESS_TOKEN_ALGORITHMS = ['HS256'] as const

export interface AccessTokenClaims {
  userId: string
  sessionId: string
  /** Seconds since the epoch. */
  expiresAt: number
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
}): Promise<MintedToken> {
  const config = getConfig()
  const now = Math.floor(Date.now() / 1000)
  const expiresAt = Math.min(now + config.accessTokenTtlSeconds, Math.floor(input.sessionExpiresAt.getTime() / 1000))
  const accessToken = await new SignJWT({ sid: input.sessionId })
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

/** Verifies signature, algorithm, exp, iss and aud. Returns the claims or why it failed. */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | TokenFailure> {
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
    return { userId: payload.sub, sessionId, expiresAt: payload.exp! }
  } catch (error) {
    return error instanceof errors.JWTExpired ? 'expired' : 'invalid'
  }
}
