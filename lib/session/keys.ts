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
} as const

/** The iron-session cookie set by POST /api/login; proxy.ts only checks that it is present. */
export const SESSION_COOKIE_NAME = 'kyc_portal_session'
