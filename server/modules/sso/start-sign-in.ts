import * as client from 'openid-client'
import { getConfig } from '@/lib/config/env'
import type { SsoErrorCode, SsoSettings } from '@/lib/contracts/sso'
import { identityProvider } from '@/server/integrations/oidc/identity-provider'
import { logger } from '@/server/logger'
import type { SsoFlow } from './flow-cookie'

/** `GET /accounts/sso`: what the login page needs to offer the button. */
export function getSsoSettings(): SsoSettings {
  const oidc = getConfig().oidc
  return { enabled: !!oidc, displayName: oidc?.displayName ?? null }
}

/** Where the identity provider sends the browser back: registered with it as the client's redirect URI. */
export function ssoRedirectUri(): string {
  return new URL('/api/v1/accounts/sso/callback', getConfig().publicUrl).toString()
}

/**
 * The login page with what it must show next: `sso=done` (claim the session), `challenge` (the portal's second
 * factor) or `sso_error`. The portal's URL (PUBLIC_URL), so it holds when the API is served apart from the pages.
 */
export function loginPageUrl(query: Record<string, string | null | undefined>): string {
  const url = new URL('/auth/login', getConfig().publicUrl)
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value)
  return url.toString()
}

/**
 * `GET /accounts/sso/start`: the authorization request (code flow, PKCE S256, state and nonce), and the flow cookie
 * that keeps them for the callback. `offline_access` is asked for when the provider offers it, for the refresh token
 * that tells the portal, at each refresh, whether the user is still enabled there.
 */
export async function startSsoSignIn(options: {
  from: string | null
}): Promise<{ redirectTo: string; flow: SsoFlow | null; error?: SsoErrorCode }> {
  const oidc = getConfig().oidc
  if (!oidc) return { redirectTo: loginPageUrl({ sso_error: 'NOT_CONFIGURED' }), flow: null, error: 'NOT_CONFIGURED' }
  let provider: client.Configuration
  try {
    provider = await identityProvider(oidc)
  } catch (error) {
    logger.error({ err: error }, 'sso: the identity provider’s discovery document could not be read')
    return { redirectTo: loginPageUrl({ sso_error: 'IDENTITY_PROVIDER_ERROR' }), flow: null, error: 'IDENTITY_PROVIDER_ERROR' }
  }
  const offered = provider.serverMetadata().scopes_supported
  const scope = ['openid', 'email', 'profile', ...(offered?.includes('offline_access') ? ['offline_access'] : [])]
  const codeVerifier = client.randomPKCECodeVerifier()
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(provider, {
    redirect_uri: ssoRedirectUri(),
    scope: scope.join(' '),
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return {
    redirectTo: url.toString(),
    flow: { step: 'AUTHORIZING', state, nonce, codeVerifier, from: options.from ?? null },
  }
}
