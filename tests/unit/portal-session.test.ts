import { describe, expect, it } from 'vitest'
import { blobStorageOrigin, pageSecurityHeaders } from '@/lib/config/security-headers'
import { afterLoginPath, isProtectedPath, loginPathFrom } from '@/lib/navigation/route-paths'
import {
  createXsrfToken,
  isCrossSiteRequest,
  isValidXsrfToken,
  readPortalSession,
  sealPortalSession,
} from '@/lib/session/portal-session'

const config = { sessionSecret: 'a-session-secret-that-is-long-enough-for-iron-0123456789' }
const session = { sessionId: 's-1', userId: 'u-1', isStaff: true, expiresAt: Date.now() + 3600_000 }

describe('portal session cookie', () => {
  it('round-trips a sealed session and refuses forged, foreign or expired ones', async () => {
    const sealed = await sealPortalSession(config, session)
    expect(await readPortalSession(config, sealed)).toEqual(session)
    expect(await readPortalSession(config, sealed.slice(0, -3) + 'abc')).toBeNull()
    expect(await readPortalSession({ sessionSecret: 'another-secret-that-is-long-enough-for-iron-012345' }, sealed)).toBeNull()
    expect(await readPortalSession(config, undefined)).toBeNull()
    const expired = await sealPortalSession(config, { ...session, expiresAt: Date.now() - 1 })
    expect(await readPortalSession(config, expired)).toBeNull()
  })

  it('binds the XSRF token to the session', () => {
    const token = createXsrfToken(config, 's-1')
    expect(isValidXsrfToken(config, 's-1', token)).toBe(true)
    expect(isValidXsrfToken(config, 's-2', token)).toBe(false)
    expect(
      isValidXsrfToken(
        config,
        's-1',
        token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
      ),
    ).toBe(false)
    expect(isValidXsrfToken(config, 's-1', undefined)).toBe(false)
    expect(isValidXsrfToken(config, 's-1', 'no-dot')).toBe(false)
  })

  it('tells cross-site requests by Sec-Fetch-Site, falling back to Origin', () => {
    expect(isCrossSiteRequest({ secFetchSite: 'cross-site', host: 'portal.ng' })).toBe(true)
    expect(isCrossSiteRequest({ secFetchSite: 'same-origin', origin: 'https://evil.example', host: 'portal.ng' })).toBe(false)
    expect(isCrossSiteRequest({ secFetchSite: 'same-site', host: 'portal.ng' })).toBe(false)
    expect(isCrossSiteRequest({ origin: 'https://evil.example', host: 'portal.ng' })).toBe(true)
    expect(isCrossSiteRequest({ origin: 'https://portal.ng', host: 'portal.ng' })).toBe(false)
    expect(isCrossSiteRequest({ origin: 'null', host: 'portal.ng' })).toBe(true)
    expect(isCrossSiteRequest({ host: 'portal.ng' })).toBe(false)
  })
})

describe('route protection and redirects', () => {
  it('protects /s/* and /profile only', () => {
    for (const p of ['/s', '/s/businesses', '/s/admin/businesses', '/profile']) expect(isProtectedPath(p), p).toBe(true)
    for (const p of ['/', '/auth/login', '/products', '/support/contact-us', '/sandbox', '/profiles-public'])
      expect(isProtectedPath(p), p).toBe(false)
  })

  it('returns to a same-site relative `from`, never an open redirect', () => {
    expect(afterLoginPath('/s/admin/businesses?tab=blocked', true)).toBe('/s/admin/businesses?tab=blocked')
    expect(afterLoginPath('/s/businesses', false)).toBe('/s/businesses')
    for (const bad of [
      'https://evil.example/s',
      '//evil.example/s',
      '/\\evil.example',
      'javascript:alert(1)',
      '/api/logout',
      '',
      null,
      undefined,
    ]) {
      expect(afterLoginPath(bad, false), String(bad)).toBe('/s/businesses')
      expect(afterLoginPath(bad, true), String(bad)).toBe('/s/admin/businesses')
    }
  })

  it('judges `from` after URL normalisation: dot segments, backslashes and encoded slashes cannot reach another host', () => {
    for (const bad of [
      '/..//evil.example/s', // normalises to //evil.example/s
      '/s/../..//evil.example',
      '/%2e%2e//evil.example', // encoded dot segment
      '/.//evil.example',
      '/a/..\\evil.example',
      '/\t/evil.example', // a tab the parser drops
      '/%2F%2Fevil.example', // encoded slashes
      '/%5C%5Cevil.example', // encoded backslashes
      '/s/..%2F..%2F/evil.example',
      '/s/../api/v1/accounts/logout', // the API after normalisation
    ]) {
      expect(afterLoginPath(bad, false), bad).toBe('/s/businesses')
      expect(loginPathFrom(bad), bad).toBe('/auth/login')
    }
    expect(afterLoginPath('/s/../s/businesses?x=1', false)).toBe('/s/businesses?x=1')
    expect(loginPathFrom('/s/businesses?tab=kyc')).toBe('/auth/login?from=%2Fs%2Fbusinesses%3Ftab%3Dkyc')
  })
})

describe('page security headers', () => {
  const base = {
    appEnv: 'development' as const,
    isProduction: false,
    storage: { connectionString: undefined, accountName: 'test', accountKey: undefined, container: 'blob', azuritePort: 10000 },
  }

  it('sends a strict CSP, nosniff and a referrer policy, and HSTS only in production', () => {
    const headers = pageSecurityHeaders(base)
    expect(headers['Content-Security-Policy']).toContain("object-src 'none'")
    expect(headers['Content-Security-Policy']).toContain("base-uri 'none'")
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'")
    expect(headers['Content-Security-Policy']).toMatch(/script-src 'self'(;|$)/)
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
    expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['Strict-Transport-Security']).toBeUndefined()
    expect(pageSecurityHeaders({ ...base, isProduction: true, appEnv: 'production' })['Strict-Transport-Security']).toMatch(
      /max-age=\d+/,
    )
  })

  it('lets the browser upload to the configured blob origin only', () => {
    // Nothing configured outside production: the local Azurite the API falls back to.
    expect(blobStorageOrigin(base)).toBe('http://127.0.0.1:10000')
    expect(blobStorageOrigin({ ...base, storage: { ...base.storage, accountKey: 'k' } })).toBe(
      'https://test.blob.core.windows.net',
    )
    expect(blobStorageOrigin({ ...base, isProduction: true, storage: { ...base.storage, accountName: 'prod' } })).toBe(
      'https://prod.blob.core.windows.net',
    )
    const azurite = {
      storage: {
        ...base.storage,
        connectionString: 'DefaultEndpointsProtocol=http;AccountName=test;AccountKey=x;BlobEndpoint=http://127.0.0.1:10000/test;',
      },
    }
    expect(blobStorageOrigin({ ...base, ...azurite, storage: { ...azurite.storage, azuritePort: 20000 } })).toBe(
      'http://127.0.0.1:10000',
    )
    expect(pageSecurityHeaders({ ...base, ...azurite })['Content-Security-Policy']).toContain(
      "connect-src 'self' http://127.0.0.1:10000",
    )
  })
})
