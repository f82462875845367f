/**
 * Pure helpers about the portal's own routes, for the shell (idle timeout, page views) and the navigation hook.
 * Kept apart from nav-items.ts (and its permission lists) because the app wrapper loads this file on every page.
 */
import { paths } from '@/lib/config/paths'

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

/**
 * The login route remembering `from` (path and query; the hash is dropped): `/auth/login?from=%2Fs%2Fbusinesses`.
 * Plain `/auth/login` when `from` is empty, not a same-site path, or an authentication page.
 */
export function loginPathFrom(from: string | null | undefined): string {
  const target = (from ?? '').split('#')[0] ?? ''
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || isAuthPath(target)) return paths.login()
  return paths.login(target)
}

/**
 * The path a page view records: the path alone, never the query or hash, which can carry one-time tokens
 * (activation links, `?token=`) that must not reach the marketing tool.
 */
export function pageViewPath(url: string): string {
  return pathnameOf(url) || '/'
}
