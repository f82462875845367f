import type { IncomingMessage, ServerResponse } from 'node:http'
import { parseCookie, stringifySetCookie } from 'cookie'
import type { AppConfig } from '@/lib/config/env'
import { sessionCookieName, XSRF_COOKIE_NAME } from '@/lib/session/keys'

export function requestCookies(req: IncomingMessage): Record<string, string | undefined> {
  return parseCookie(req.headers.cookie ?? '')
}

/** Session cookie: HttpOnly, SameSite=Lax, Secure (and `__Host-`) in production. XSRF cookie: readable by script. */
export function setPortalCookies(
  res: ServerResponse,
  config: AppConfig,
  values: { session: string; xsrf: string; maxAgeSeconds: number },
) {
  const secure = config.isProduction
  res.setHeader('Set-Cookie', [
    stringifySetCookie(sessionCookieName(config.isProduction), values.session, {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: values.maxAgeSeconds,
    }),
    stringifySetCookie(XSRF_COOKIE_NAME, values.xsrf, {
      httpOnly: false,
      sameSite: 'strict',
      secure,
      path: '/',
      maxAge: values.maxAgeSeconds,
    }),
  ])
}

export function clearPortalCookies(res: ServerResponse, config: AppConfig) {
  const secure = config.isProduction
  res.setHeader('Set-Cookie', [
    stringifySetCookie(sessionCookieName(config.isProduction), '', {
      httpOnly: true,
      sameSite: 'lax',
      secure,
      path: '/',
      maxAge: 0,
    }),
    stringifySetCookie(XSRF_COOKIE_NAME, '', { sameSite: 'strict', secure, path: '/', maxAge: 0 }),
  ])
}
