/**
 * Single sign-on vocabulary shared by the server, the API contract and the login page (docs/security.md#single-sign-on).
 * No zod here: the login page reads it after painting, and zod would come with it.
 */

/**
 * Why a single sign-on was refused: the callback sends the browser to the login page with `?sso_error=<code>`,
 * and the login page says it in words (`SSO_ERROR_MESSAGES`).
 */
export const SSO_ERROR_CODES = [
  'NOT_CONFIGURED',
  'EXPIRED',
  'IDENTITY_PROVIDER_ERROR',
  'EMAIL_NOT_VERIFIED',
  'DOMAIN_NOT_ALLOWED',
  'UNKNOWN_USER',
  'NOT_STAFF',
  'DISABLED',
] as const
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number]

export const SSO_ERROR_MESSAGES: Record<SsoErrorCode, string> = {
  NOT_CONFIGURED: 'Single sign-on is not set up for this portal. Sign in with your e-mail and password.',
  EXPIRED: 'The single sign-on took too long or was started in another browser. Please try again.',
  IDENTITY_PROVIDER_ERROR: 'Your organisation’s sign-in did not complete. Please try again, or ask your IT service desk.',
  EMAIL_NOT_VERIFIED: 'Your organisation did not confirm your e-mail address, so the portal cannot tell who you are.',
  DOMAIN_NOT_ALLOWED: 'Single sign-on is open only to the bank’s own e-mail domains. Sign in with your e-mail and password.',
  UNKNOWN_USER: 'There is no portal account with your e-mail address. Ask an administrator to create your staff account.',
  NOT_STAFF: 'Single sign-on is for staff only. Sign in with your e-mail and password.',
  DISABLED: 'Your portal account is disabled or not activated yet. Ask an administrator.',
}

export function isSsoErrorCode(value: unknown): value is SsoErrorCode {
  return typeof value === 'string' && (SSO_ERROR_CODES as readonly string[]).includes(value)
}
