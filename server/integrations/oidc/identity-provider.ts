import * as client from 'openid-client'
import { getConfig, type AppConfig } from '@/lib/config/env'
import { logger } from '@/server/logger'

/**
 * The bank's OpenID Connect identity provider (docs/security.md#single-sign-on), through openid-client. Here, at the
 * edge, because two modules use it: the sign-in (server/modules/sso) and the token refresh of an SSO session
 * (server/modules/accounts/refresh-token.ts), and accounts may not import sso.
 */

/** Seconds one call to the identity provider may take (discovery, token endpoint, JWKS, userinfo). */
export const IDENTITY_PROVIDER_TIMEOUT_SECONDS = 10

export type OidcSettings = NonNullable<AppConfig['oidc']>

let discovered: { key: string; configuration: Promise<client.Configuration> } | undefined

/**
 * The provider's configuration from its discovery document, fetched once per process (and again after a failure).
 * An `http:` issuer is refused in production; elsewhere it is allowed (the tests' provider on a loopback port).
 */
export function identityProvider(settings: OidcSettings = requireSettings()): Promise<client.Configuration> {
  const key = `${settings.issuer} ${settings.clientId}`
  if (discovered?.key === key) return discovered.configuration
  const insecure = new URL(settings.issuer).protocol === 'http:'
  if (insecure && getConfig().isProduction) throw new Error('OIDC_ISSUER must be an https URL in production')
  const configuration = client
    .discovery(new URL(settings.issuer), settings.clientId, undefined, client.ClientSecretBasic(settings.clientSecret), {
      timeout: IDENTITY_PROVIDER_TIMEOUT_SECONDS,
      // Signatures of ID tokens are checked against the provider's JWKS, not only their claims.
      execute: [client.enableNonRepudiationChecks, ...(insecure ? [client.allowInsecureRequests] : [])],
    })
    .catch((error: unknown) => {
      if (discovered?.configuration === configuration) discovered = undefined
      throw error
    })
  discovered = { key, configuration }
  return configuration
}

function requireSettings(): OidcSettings {
  const settings = getConfig().oidc
  if (!settings) throw new Error('Single sign-on is not configured (OIDC_ISSUER)')
  return settings
}

/** What a refresh at the identity provider said about a session. */
export type IdentityProviderRefresh =
  | { outcome: 'ACCEPTED'; refreshToken: string | null }
  /** The provider refused the grant (`invalid_grant`): the user is disabled there, or their session was revoked. */
  | { outcome: 'REFUSED'; error: string }
  /** The provider could not be asked (network, timeout, 5xx, another error): nothing is known. */
  | { outcome: 'UNAVAILABLE' }

/**
 * Uses an SSO session's refresh token at the provider. `refreshToken` in the answer is the rotated token when the
 * provider rotated it (store it: the old one is spent), else null.
 */
export async function refreshAtIdentityProvider(refreshToken: string): Promise<IdentityProviderRefresh> {
  try {
    const tokens = await client.refreshTokenGrant(await identityProvider(), refreshToken)
    return { outcome: 'ACCEPTED', refreshToken: tokens.refresh_token ?? null }
  } catch (error) {
    if (error instanceof client.ResponseBodyError && ['invalid_grant', 'unauthorized_client'].includes(error.error)) {
      return { outcome: 'REFUSED', error: error.error }
    }
    logger.warn({ err: error }, 'sso: the identity provider could not be asked about a session')
    return { outcome: 'UNAVAILABLE' }
  }
}
