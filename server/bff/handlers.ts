import { eq } from 'drizzle-orm'
import type { NextApiRequest, NextApiResponse } from 'next'
import { z } from 'zod'
import { getConfig } from '@/lib/config/env'
import { clientAddress } from '@/lib/config/trusted-proxies'
import { sessionCookieName, XSRF_COOKIE_NAME } from '@/lib/session/keys'
import {
  createXsrfToken,
  isCrossSiteRequest,
  isSameOriginRequest,
  isValidXsrfToken,
  readPortalSession,
  sealPortalSession,
} from '@/lib/session/portal-session'
import { loadActor } from '@/server/auth/load-actor'
import { verifyAccessToken } from '@/server/auth/tokens'
import { getDb } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { logOut } from '@/server/modules/accounts/log-out'
import { clearPortalCookies, requestCookies, setPortalCookies } from './portal-cookies'

type ErrorCode = 'VALIDATION_FAILED' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'ROUTE_NOT_FOUND' | 'INTERNAL'

function fail(res: NextApiResponse, status: number, code: ErrorCode, message: string, field?: string) {
  res.status(status).json({ errors: [{ code, message, ...(field ? { field } : {}) }] })
}

const crossSite = (req: NextApiRequest) =>
  isCrossSiteRequest({
    secFetchSite: req.headers['sec-fetch-site'] as string | undefined,
    origin: req.headers.origin,
    host: req.headers.host,
  })

/** The client's address for the audit trail, through TRUSTED_PROXIES as in the API (server/http/request-context.ts). */
function portalClientIp(req: NextApiRequest): string | null {
  const header = req.headers['x-forwarded-for']
  return clientAddress({
    socketAddress: req.socket.remoteAddress ?? null,
    forwardedFor: Array.isArray(header) ? header.join(',') : header,
    trustedProxies: getConfig().trustedProxies,
  })
}

const loginBodySchema = z.object({
  user_auth_data: z
    .object({ access_token: z.string().min(1).optional(), accessToken: z.string().min(1).optional() })
    .refine((v) => v.access_token || v.accessToken, { message: 'must hold access_token or accessToken' }),
})

const sameOrigin = (req: NextApiRequest) =>
  isSameOriginRequest({
    secFetchSite: req.headers['sec-fetch-site'] as string | undefined,
    origin: req.headers.origin,
    referer: req.headers.referer,
    host: req.headers.host,
    publicUrl: getConfig().publicUrl,
  })

/**
 * POST /api/login { user_auth_data }: checks the API token (signature, expiry, live session) and sets the portal's
 * encrypted HttpOnly session cookie plus the XSRF cookie. Only from the portal's own pages: Sec-Fetch-Site, when
 * sent, must be same-origin and the Origin (or Referer) must be the portal's.
 */
export async function handlePortalLogin(req: NextApiRequest, res: NextApiResponse) {
  if (req.method !== 'POST') return fail(res, 404, 'ROUTE_NOT_FOUND', `No such call: ${req.method} /api/login`)
  if (!sameOrigin(req))
    return fail(res, 403, 'FORBIDDEN', 'Only the portal itself can sign in here (cross-origin requests are not allowed)')
  const parsed = loginBodySchema.safeParse(req.body)
  if (!parsed.success) return fail(res, 400, 'VALIDATION_FAILED', 'user_auth_data must hold the login answer', 'user_auth_data')
  const token = parsed.data.user_auth_data.access_token ?? parsed.data.user_auth_data.accessToken!

  const claims = await verifyAccessToken(token)
  if (typeof claims === 'string') return fail(res, 401, 'UNAUTHENTICATED', 'Your session has expired, please login again')
  const db = await getDb()
  const actor = await loadActor(db, claims)
  const session = actor && (await db.query.sessions.findFirst({ where: eq(sessions.id, claims.sessionId) }))
  if (!actor || !session) return fail(res, 401, 'UNAUTHENTICATED', 'Your session has ended, please login again')

  const config = getConfig()
  const expiresAt = session.expiresAt.getTime()
  setPortalCookies(res, config, {
    session: await sealPortalSession(config, { sessionId: session.id, userId: actor.userId, isStaff: actor.isStaff, expiresAt }),
    xsrf: createXsrfToken(config, session.id),
    maxAgeSeconds: Math.max(1, Math.floor((expiresAt - Date.now()) / 1000)),
  })
  res.status(200).json({ ok: true })
}

/**
 * POST /api/logout {}: same-site only, with the X-XSRF-TOKEN header matching the session-bound XSRF cookie.
 * Revokes the API session and clears both cookies.
 */
export async function handlePortalLogout(req: NextApiRequest, res: NextApiResponse) {
  if (req.method !== 'POST') return fail(res, 404, 'ROUTE_NOT_FOUND', `No such call: ${req.method} /api/logout`)
  if (crossSite(req)) return fail(res, 403, 'FORBIDDEN', 'Cross-site requests are not allowed')
  const config = getConfig()
  const cookies = requestCookies(req)
  const session = await readPortalSession(config, cookies[sessionCookieName(config.isProduction)])
  if (session) {
    const header = req.headers['x-xsrf-token']
    const headerToken = Array.isArray(header) ? header[0] : header
    if (!headerToken || headerToken !== cookies[XSRF_COOKIE_NAME] || !isValidXsrfToken(config, session.sessionId, headerToken)) {
      return fail(res, 403, 'FORBIDDEN', 'The anti-forgery token is missing or wrong; reload the page and try again')
    }
    try {
      await logOut({
        db: await getDb(),
        sessionId: session.sessionId,
        audit: { actorId: session.userId, actorEmail: null, requestId: null, ip: portalClientIp(req) },
      })
    } catch (error) {
      logger.error({ err: error }, 'logout: revoking the API session failed')
      return fail(res, 500, 'INTERNAL', 'Signing out failed; please try again')
    }
  }
  clearPortalCookies(res, config)
  res.status(200).json({ ok: true })
}
