import { NextResponse, type NextRequest } from 'next/server'
import { getConfig } from '@/lib/config/env'
import { NONCE_HEADER, pageSecurityHeaders } from '@/lib/config/security-headers'
import { paths } from '@/lib/navigation/paths'
import { isProtectedPath } from '@/lib/navigation/route-paths'
import { sessionCookieName } from '@/lib/session/keys'
import { readLivePortalSession } from '@/server/bff/page-session'

/**
 * Paths answered by another: docs/security.md#case-files, the key case files are signed with, where examiners look for
 * it. The API answers them with its own headers.
 */
const REWRITES = new Map([['/.well-known/kyc-evidence-key.pem', '/api/v1/evidence/signing-key']])

/**
 * Every page gets the security headers. A visitor without a valid portal session cookie, or whose API session has
 * ended (logout, revocation, expiry), is sent from the signed-in area (/s/*, /profile) to login, remembering where
 * they were going. The API re-checks the session on every call, so this guards pages, not data.
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  // Here rather than as a next.config.ts rewrite, which would add Next's rewrite matching to every page's JavaScript.
  const rewrite = REWRITES.get(pathname)
  if (rewrite) return NextResponse.rewrite(new URL(rewrite, request.nextUrl))
  const config = getConfig()
  const nonce = btoa(crypto.randomUUID())
  // eslint-disable-next-line no-restricted-properties -- NODE_ENV is set by Next itself (dev vs build), not configuration
  const dev = process.env.NODE_ENV === 'development'
  const headers = pageSecurityHeaders(config, { dev, nonce })

  let response: NextResponse
  const session = isProtectedPath(pathname)
    ? await readLivePortalSession(config, request.cookies.get(sessionCookieName(config.isProduction))?.value)
    : null
  if (isProtectedPath(pathname) && !session) {
    response = NextResponse.redirect(new URL(paths.auth.login(pathname + search), request.nextUrl))
  } else if (session?.enrolmentOnly) {
    // A session that must enrol a second factor opens nothing else (the API refuses it too).
    response = NextResponse.redirect(new URL(paths.auth.enrolFactor(), request.nextUrl))
  } else {
    // The page renderer reads the nonce from this request header (pages/_document.tsx).
    const requestHeaders = new Headers(request.headers)
    requestHeaders.set(NONCE_HEADER, nonce)
    response = NextResponse.next({ request: { headers: requestHeaders } })
  }
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value)
  return response
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|api/v1|favicon.ico|favicon.svg|robots.txt|countries.json).*)'],
}
