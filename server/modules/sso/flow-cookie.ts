import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { sealData, unsealData } from 'iron-session'
import { getConfig } from '@/lib/config/env'

/**
 * The browser's side of one single sign-on, in a short-lived cookie sealed with SESSION_SECRET as the portal session
 * is (iron-session; lib/session/portal-session.ts): HttpOnly, SameSite=Lax (the identity provider's redirect back is
 * a top-level GET from another site, which Lax lets through), `__Host-` and Secure in production. Nothing of it is
 * kept on the server, and only the browser that started the sign-in holds it.
 *
 * - AUTHORIZING, from the start to the callback: state, nonce and the PKCE verifier.
 * - SIGNED_IN, from the callback to the login page's claim of its token (`POST /accounts/sso/session`): the session.
 */
export type SsoFlow =
  | { step: 'AUTHORIZING'; state: string; nonce: string; codeVerifier: string; from: string | null }
  | { step: 'SIGNED_IN'; sessionId: string; userId: string }

/** How long the identity provider may take to send the browser back. */
export const AUTHORIZING_TTL_SECONDS = 600
/** How long the login page has to claim the session's token after the callback. */
export const SIGNED_IN_TTL_SECONDS = 120

const FLOW_COOKIE = 'kyc_sso'
const flowCookieName = () => (getConfig().isProduction ? `__Host-${FLOW_COOKIE}` : FLOW_COOKIE)
/** Told apart from every other value sealed with the same secret (the portal session). */
const PURPOSE = 'sso-flow'

export async function writeFlowCookie(c: Context, flow: SsoFlow) {
  const config = getConfig()
  const ttl = flow.step === 'AUTHORIZING' ? AUTHORIZING_TTL_SECONDS : SIGNED_IN_TTL_SECONDS
  const sealed = await sealData({ purpose: PURPOSE, ...flow }, { password: config.sessionSecret, ttl })
  setCookie(c, flowCookieName(), sealed, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: config.isProduction,
    path: '/',
    maxAge: ttl,
  })
}

export async function readFlowCookie<S extends SsoFlow['step']>(
  c: Context,
  step: S,
): Promise<Extract<SsoFlow, { step: S }> | null> {
  const cookie = getCookie(c, flowCookieName())
  if (!cookie) return null
  try {
    const data = await unsealData<Record<string, unknown>>(cookie, { password: getConfig().sessionSecret })
    if (data.purpose !== PURPOSE || data.step !== step) return null
    return data as unknown as Extract<SsoFlow, { step: S }>
  } catch {
    return null
  }
}

export function clearFlowCookie(c: Context) {
  const config = getConfig()
  deleteCookie(c, flowCookieName(), { path: '/', secure: config.isProduction, httpOnly: true, sameSite: 'Lax' })
}
