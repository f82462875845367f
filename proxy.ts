import { NextResponse, type NextRequest } from 'next/server'
import { getConfig } from '@/lib/config/env'
import { isProtectedPath, paths } from '@/lib/config/paths'
import { pageSecurityHeaders } from '@/lib/config/security-headers'
import { sessionCookieName } from '@/lib/session/keys'
import { readPortalSession } from '@/lib/session/portal-session'

/**
 * Every page gets the security headers. A visitor without a valid portal session cookie is sent from the
 * signed-in area (/s/*, /profile) to login, remembering where they were going. The API re-checks the session on
 * every call, so this guards pages, not data.
 */
export async function proxy(request: NextRequest) {
  const config = getConfig()
  const { pathname, search } = request.nextUrl
  let response: NextResponse
  if (isProtectedPath(pathname)) {
    const session = await readPortalSession(config, request.cookies.get(sessionCookieName(config.isProduction))?.value)
    response = session ? NextResponse.next() : NextResponse.redirect(new URL(paths.login(pathname + search), request.nextUrl))
  } else {
    response = NextResponse.next()
  }
  // eslint-disable-next-line no-restricted-properties -- NODE_ENV is set by Next itself (dev vs build), not configuration
  const dev = process.env.NODE_ENV === 'development'
  for (const [name, value] of Object.entries(pageSecurityHeaders(config, { dev }))) response.headers.set(name, value)
  return response
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|api/v1|favicon.ico|robots.txt|countries.json).*)'],
}
