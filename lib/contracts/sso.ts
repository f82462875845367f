import { z } from 'zod'

/** `GET /accounts/sso`: whether the login page offers "Sign in with <displayName>" (docs/security.md#single-sign-on). */
export const ssoSettingsSchema = z
  .object({ enabled: z.boolean(), displayName: z.string().nullable() })
  .meta({ id: 'SsoSettings' })
export type SsoSettings = z.infer<typeof ssoSettingsSchema>

/** `GET /accounts/sso/start?from=`: where to go back to once signed in (checked by the login page, as its own `from`). */
export const ssoStartQuerySchema = z.object({ from: z.string().max(500).optional() })

export { SSO_ERROR_CODES, SSO_ERROR_MESSAGES, isSsoErrorCode, type SsoErrorCode } from './sso-values'
