/**
 * Pure helpers about the portal's own routes, for the shell (idle timeout, page views) and the navigation hook.
 * Kept apart from nav-items.ts (and its permission lists) because the app wrapper loads this file on every page;
 * proxy.ts uses the rules below too (which paths need a session, where to go after login).
 */
import { paths } from './paths'

/** `url` without its query and hash, and without a trailing slash (`/` stays `/`). */
export function pathnameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  return path.length > 1 ? path.replace(/\/+$/, '') : path
}

/** Spec section 2: the session-timeout warning runs only on routes whose path (not query) contains `/s/`. */
export function isIdleWatchedPath(url: string | null | undefined): boolean {
  return typeof url === 'string' && pathnameOf(url).includes('/s/')
}

/** True for the authentication pages (`/auth/...`), where a `from` would only point back at themselves. */
export function isAuthPath(url: string): boolean {
  const path = pathnameOf(url)
  return path === '/auth' || path.startsWith('/auth/')
}

const PORTAL_BASE = 'http://portal.invalid'

/** Tabs, newlines and other control characters, which the URL parser drops or a browser may read differently. */
const hasControlCharacter = (value: string) => [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)

/**
 * `from` as a path on this site, or null. Judged after the URL parser has normalised it, as the browser will: dot
 * segments (`/..//host`, `/%2e%2e//host`), backslashes (read as slashes) and dropped tabs or newlines can turn a
 * path into `//host`, another site. Refused: anything not starting with one `/`, control characters or backslashes
 * anywhere, a result on another origin or starting with `//`, encoded slashes or backslashes (`%2F`, `%5C`) that a
 * later decoding could turn into one, and the API (`/api/…`).
 */
export function safeReturnPath(from: string | null | undefined): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.includes('\\') || hasControlCharacter(from)) return null
  let url: URL
  try {
    url = new URL(from, PORTAL_BASE)
  } catch {
    return null
  }
  const path = url.pathname
  if (url.origin !== PORTAL_BASE || path.startsWith('//') || /%2f|%5c/i.test(path) || /^\/api(\/|$)/.test(path)) return null
  return path + url.search + url.hash
}

/**
 * The login route remembering `from` (path and query; the hash is dropped): `/auth/login?from=%2Fs%2Fbusinesses`.
 * Plain `/auth/login` when `from` is empty, not a same-site path (safeReturnPath), or an authentication page.
 */
export function loginPathFrom(from: string | null | undefined): string {
  const target = safeReturnPath((from ?? '').split('#')[0] ?? '')
  if (!target || isAuthPath(target)) return paths.auth.login()
  return paths.auth.login(target)
}

/**
 * The path a page view records: the path alone, never the query or hash, which can carry one-time tokens
 * (activation links, `?token=`) that must not reach the marketing tool.
 */
export function pageViewPath(url: string): string {
  return pathnameOf(url) || '/'
}

/** Routes behind sign-in: everything under /s/, and /profile. */
export function isProtectedPath(pathname: string): boolean {
  return pathname === '/s' || pathname.startsWith('/s/') || pathname === '/profile' || pathname.startsWith('/profile/')
}

/**
 * Where to go after login: `from` when it is a same-site path once normalised (safeReturnPath: never an open
 * redirect), else the home of the user's area.
 */
export function afterLoginPath(from: string | null | undefined, isStaff: boolean, home?: string): string {
  return safeReturnPath(from) ?? home ?? (isStaff ? paths.admin.businesses() : paths.business.list())
}
