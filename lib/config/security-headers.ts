import type { AppConfig } from './env'

/** Request header carrying the per-request CSP nonce from proxy.ts to pages/_document.tsx. */
export const NONCE_HEADER = 'x-csp-nonce'

/** The blob storage origin the browser uploads to (Azurite locally, Azure in production). */
export function blobStorageOrigin(config: Pick<AppConfig, 'storage' | 'isProduction'>): string {
  const endpoint = /BlobEndpoint=([^;]+)/i.exec(config.storage.connectionString ?? '')?.[1]
  if (endpoint) {
    try {
      return new URL(endpoint).origin
    } catch {
      // fall through to the account's public endpoint
    }
  }
  // Outside production with nothing configured, the API falls back to the local Azurite (server/integrations/blob).
  if (!config.storage.accountKey && !config.isProduction) return `http://127.0.0.1:${config.storage.azuritePort}`
  return `https://${config.storage.accountName}.blob.core.windows.net`
}

/**
 * Headers for every portal page: a strict CSP (only our scripts and the nonce'd bootstrap, no plugins, no framing,
 * no <base>), nosniff,
 * a referrer policy, and HSTS in production. Development adds 'unsafe-eval' for Next's dev runtime.
 */
export function pageSecurityHeaders(
  config: Pick<AppConfig, 'isProduction' | 'appEnv' | 'storage'>,
  options: { dev?: boolean; nonce?: string } = {},
) {
  // Next inlines one bootstrap script per page; it carries the per-request nonce (pages/_document.tsx).
  const scriptSources = [
    "'self'",
    options.nonce ? `'nonce-${options.nonce}'` : '',
    options.dev ? "'unsafe-eval' 'unsafe-inline'" : '',
  ]
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSources.filter(Boolean).join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // Staff read KYC PDFs in a frame from an object URL (fetched with the bearer token): blob: frames only.
    "frame-src 'self' blob:",
    "font-src 'self'",
    `connect-src 'self' ${blobStorageOrigin(config)}${options.dev ? ' ws:' : ''}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ')
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  }
  if (config.isProduction) headers['Strict-Transport-Security'] = 'max-age=63072000; includeSubDomains'
  return headers
}
