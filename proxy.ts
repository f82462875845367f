import { NextResponse, type NextRequest } from 'next/server'
import { isProtectedPath, paths } from '@/lib/config/paths'
import { SESSION_COOKIE_NAME } from '@/lib/session/keys'

/**
 * Sends a visitor without the session cookie from any /s/ route to login, remembering where they were going.
 * The cookie's contents are checked by the API on every call; this only spares an anonymous visitor a broken page.
 */
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl
  if (!isProtectedPath(pathname) || request.cookies.has(SESSION_COOKIE_NAME)) return NextResponse.next()
  const url = request.nextUrl.clone()
  const target = new URL(paths.login(pathname + search), url)
  return NextResponse.redirect(target)
}

export const config = { matcher: ['/s', '/s/:path*'] }
