/** Typed builders for the portal's own routes. */
export const paths = {
  home: () => '/',
  login: (from?: string) => (from ? `/auth/login?from=${encodeURIComponent(from)}` : '/auth/login'),
  signup: () => '/auth/signup',
  products: () => '/products',
} as const

/** Routes behind sign-in: everything under /s/, and /profile. */
export function isProtectedPath(pathname: string): boolean {
  return pathname === '/s' || pathname.startsWith('/s/') || pathname === '/profile' || pathname.startsWith('/profile/')
}

/**
 * Where to go after login: `from` when it is a same-site relative path (never an open redirect), else the
 * home of the user's area.
 */
export function afterLoginPath(from: string | null | undefined, isStaff: boolean): string {
  if (from && from.startsWith('/') && !from.startsWith('//') && !from.startsWith('/\\') && !/^\/api\//.test(from)) {
    try {
      const url = new URL(from, 'http://portal.invalid')
      if (url.origin === 'http://portal.invalid') return url.pathname + url.search + url.hash
    } catch {
      // not a usable path
    }
  }
  return isStaff ? '/s/admin/businesses' : '/s/businesses'
}
