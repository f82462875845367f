import { z } from '@hono/zod-openapi'
import * as factorsContract from '@/lib/contracts/factors'
import * as ssoContract from '@/lib/contracts/sso'
import { access } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { publicArgs } from '@/server/http/service-args'
import { claimSsoSession } from './claim-session'
import { finishSsoSignIn } from './finish-sign-in'
import { clearFlowCookie, readFlowCookie, writeFlowCookie } from './flow-cookie'
import { getSsoSettings, startSsoSignIn } from './start-sign-in'

const route = routesTagged('Accounts')

/** Single sign-on for staff with the bank's identity provider (docs/security.md#single-sign-on). */
export const ssoRoutes = createRouter()

const toLoginPage = {
  description: 'To the identity provider, or back to the login page (`sso=done`, `challenge` or `sso_error`)',
}

// GET /accounts/sso – whether the login page offers single sign-on, and under which name
ssoRoutes.openapi(
  route.get('/accounts/sso', {
    summary: 'Single sign-on settings',
    ...access.public(),
    responses: { 200: json(ssoContract.ssoSettingsSchema, 'Whether SSO is on, and the name of the identity provider') },
  }),
  (c) => c.json(getSsoSettings(), 200),
)

// GET /accounts/sso/start?from= – to the identity provider (code flow, PKCE, state and nonce in a sealed cookie)
ssoRoutes.openapi(
  route.get('/accounts/sso/start', {
    summary: 'Start single sign-on',
    description:
      'Redirects (302) to the identity provider’s authorization endpoint: authorization code flow with PKCE (S256), state and nonce, kept for the callback in a sealed, HttpOnly, SameSite=Lax cookie of 10 minutes. Without SSO configured, back to the login page with `sso_error=NOT_CONFIGURED`.',
    ...access.public(),
    request: { query: ssoContract.ssoStartQuerySchema },
    responses: { 302: toLoginPage, ...errorResponses(400) },
  }),
  async (c) => {
    const started = await startSsoSignIn({ from: c.req.valid('query').from ?? null })
    if (started.flow) await writeFlowCookie(c, started.flow)
    c.header('Cache-Control', 'no-store')
    return c.redirect(started.redirectTo, 302)
  },
)

// GET /accounts/sso/callback – the identity provider's answer: a session, the portal's second factor, or a refusal
ssoRoutes.openapi(
  route.get('/accounts/sso/callback', {
    summary: 'Single sign-on callback',
    description:
      'The redirect URI registered with the identity provider. Checks state, PKCE, the ID token (signature, issuer, audience, nonce), a verified e-mail in OIDC_ALLOWED_DOMAINS and an active staff user with that e-mail, then redirects (302) to the login page: `sso=done` (claim the session with POST /accounts/sso/session), `challenge=` (the portal’s second factor, when the provider’s `amr` shows none and the user holds one) or `sso_error=` (UNKNOWN_USER, DOMAIN_NOT_ALLOWED, NOT_STAFF, DISABLED, EMAIL_NOT_VERIFIED, EXPIRED, IDENTITY_PROVIDER_ERROR, NOT_CONFIGURED).',
    ...access.public(),
    request: {
      query: z.object({
        code: z.string().max(4096).optional(),
        state: z.string().max(512).optional(),
        error: z.string().max(512).optional(),
      }),
    },
    responses: { 302: toLoginPage, ...errorResponses(400) },
  }),
  async (c) => {
    const result = await finishSsoSignIn({
      ...(await publicArgs(c)),
      callbackUrl: new URL(c.req.url),
      flow: await readFlowCookie(c, 'AUTHORIZING'),
      userAgent: c.req.header('user-agent') ?? null,
    })
    if (result.flow) await writeFlowCookie(c, result.flow)
    else clearFlowCookie(c)
    c.header('Cache-Control', 'no-store')
    return c.redirect(result.redirectTo, 302)
  },
)

// POST /accounts/sso/session – the login answer of the session the callback started (once, this browser only)
ssoRoutes.openapi(
  route.post('/accounts/sso/session', {
    summary: 'Claim the single sign-on session',
    description:
      'For the browser the callback sent to the login page with `sso=done`: answers the login answer of the session it started, once (its flow cookie names it; without it, or a second time, 404). The login page then posts it to /api/login as after a password.',
    ...access.public(),
    responses: { 200: json(factorsContract.signInAnswerSchema, 'Signed in'), ...errorResponses(404) },
  }),
  async (c) => {
    const { db } = await publicArgs(c)
    const answer = await claimSsoSession({ db, flow: await readFlowCookie(c, 'SIGNED_IN') })
    clearFlowCookie(c)
    c.header('Cache-Control', 'no-store')
    return c.json(answer, 200)
  },
)
