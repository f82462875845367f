/** Typed builders for the portal's own routes. */
export const paths = {
  home: () => '/',
  login: (from?: string) => (from ? `/auth/login?from=${encodeURIComponent(from)}` : '/auth/login'),
  signup: () => '/auth/signup',
  products: () => '/products',
} as const

/** Routes behind sign-in: everything under /s/. */
export function isProtectedPath(pathname: string): boolean {
  return pathname === '/s' || pathname.startsWith('/s/')
}
