/** Browser storage keys named by the spec (section 3) and the portal's own session cookie. */
export const SESSION_STORAGE_KEYS = {
  authData: 'user_auth_data',
  selectedStep: 'selectedStep',
  kycIsCompleted: 'setKycIsCompleted',
  crmFlow: 'crmFlow',
  businessId: 'businessId',
  externalBusinessUrl: 'externalBusinessUrl',
} as const

export const LOCAL_STORAGE_KEYS = {
  channel: 'channel',
  sourceProduct: 'sourceProduct',
  /** lib/analytics: a random id that links a visitor's marketing calls made before sign-in. */
  anonymousId: 'anonymousId',
} as const

/**
 * The iron-session cookie set by POST /api/login. In production it carries the `__Host-` prefix (Secure, Path=/,
 * no Domain), which browsers enforce.
 */
export const SESSION_COOKIE_NAME = 'kyc_portal_session'
export const sessionCookieName = (isProduction: boolean) => (isProduction ? `__Host-${SESSION_COOKIE_NAME}` : SESSION_COOKIE_NAME)

/** The anti-forgery cookie/header pair (spec section 7); the cookie is readable by script, the session is not. */
export const XSRF_COOKIE_NAME = 'XSRF-TOKEN'
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN'
