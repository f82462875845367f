import { generateKeyPairSync, randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { and, desc, eq } from 'drizzle-orm'
import Provider, { type Configuration } from 'oidc-provider'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

// Single sign-on is configured from the environment, read once per process (and by the file's own server under
// API_TEST_SERVER): in place before anything reads the configuration. The identity provider listens on 3237.
const ISSUER_PORT = 3237
vi.hoisted(() => {
  Object.assign(process.env, {
    OIDC_ISSUER: 'http://127.0.0.1:3237',
    OIDC_CLIENT_ID: 'kyc-portal',
    OIDC_CLIENT_SECRET: 'kyc-portal-test-client-secret-0123456789',
    OIDC_DISPLAY_NAME: 'Bank Entra',
    OIDC_ALLOWED_DOMAINS: 'bank.test, @Staff.Bank.test',
    OIDC_GROUP_ROLES: 'kyc-approvers=APPROVER,kyc-ghosts=NO_SUCH_ROLE',
    STAFF_MFA: 'optional',
  })
})

import { getConfig } from '@/lib/config/env'
import { currentTotpCode } from '@/server/auth/factors/totp'
import { getDb } from '@/server/db/client'
import { audits, authorizations, sessions, userFactors, userRoles, users } from '@/server/db/schema'
import { fileApiBaseUrl } from './api-server'
import { api, apiServerKind, roleId } from './helpers'

/** What the identity provider knows of each of its users. */
interface IdpAccount {
  email: string
  emailVerified?: boolean
  groups?: string[]
  /** RFC 8176 methods the provider reports for this user's sign-in. */
  amr: string[]
}

const idpAccounts = new Map<string, IdpAccount>()
/** Users disabled at the identity provider: its refresh grant refuses them (invalid_grant). */
const disabledAtIdp = new Set<string>()
/** Who signs in at the provider's next login interaction. */
let nextLogin: string | null = null
/** Refresh grants the provider answered. */
let refreshGrants = 0

let provider: Provider
let idpServer: Server

/** The portal's origin as the identity provider sees it (its registered redirect URI). */
async function portalOrigin(): Promise<string> {
  return apiServerKind ? new URL(await fileApiBaseUrl(apiServerKind)).origin : getConfig().publicUrl
}

beforeAll(async () => {
  const redirectUri = `${await portalOrigin()}/api/v1/accounts/sso/callback`
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const configuration: Configuration = {
    clients: [
      {
        client_id: 'kyc-portal',
        client_secret: 'kyc-portal-test-client-secret-0123456789',
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] as never },
    cookies: { keys: ['test-idp-cookie-key'] },
    // `amr` in every ID token, as Entra ID and Okta send it; e-mail and groups through userinfo (a code flow's ID token
    // carries no scope claims here), which the portal reads when the ID token lacks them.
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A refresh token for every code flow (real providers issue one for offline_access without prompt=consent).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      RefreshToken: 3600,
      Session: 3600,
    },
    findAccount: async (_ctx, sub) => {
      const account = idpAccounts.get(sub)
      if (!account || disabledAtIdp.has(sub)) return undefined
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.emailVerified ?? true,
          name: account.email,
          groups: account.groups ?? [],
        }),
      }
    },
  }
  provider = new Provider(`http://127.0.0.1:${ISSUER_PORT}`, configuration)
  provider.on('grant.success', (ctx) => {
    if (ctx.oidc.params?.grant_type === 'refresh_token') refreshGrants++
  })
  const callback = provider.callback()
  idpServer = createServer((req, res) => {
    if (!req.url?.startsWith('/interaction/')) return void callback(req, res)
    void (async () => {
      // The provider's login and consent pages, answered at once for `nextLogin`.
      const details = await provider.interactionDetails(req, res)
      if (details.prompt.name === 'login') {
        const account = idpAccounts.get(nextLogin!)!
        await provider.interactionFinished(req, res, { login: { accountId: nextLogin!, amr: account.amr } })
        return
      }
      const grant = details.grantId
        ? (await provider.Grant.find(details.grantId))!
        : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string })
      grant.addOIDCScope(String(details.params.scope))
      await provider.interactionFinished(
        req,
        res,
        { consent: { grantId: await grant.save() } },
        { mergeWithLastSubmission: true },
      )
    })().catch((error: unknown) => {
      res.statusCode = 500
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => idpServer.listen(ISSUER_PORT, '127.0.0.1', resolve))
})

afterAll(async () => {
  await new Promise<void>((resolve) => idpServer?.close(() => resolve()))
})

/** Cookies per origin, as a browser keeps them (enough for these flows: names and values). */
class CookieJar {
  private readonly jars = new Map<string, Map<string, string>>()
  header(origin: string): string {
    return [...(this.jars.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  store(origin: string, response: Response) {
    const jar = this.jars.get(origin) ?? new Map<string, string>()
    this.jars.set(origin, jar)
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const at = pair!.indexOf('=')
      const name = pair!.slice(0, at).trim()
      const value = pair!.slice(at + 1).trim()
      if (!value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) jar.delete(name)
      else jar.set(name, value)
    }
  }
}

/** One request of the browser: to the portal through `api` (in process or its server), else to the provider. */
async function browse(jar: CookieJar, url: string, portal: string, init: RequestInit = {}): Promise<Response> {
  const target = new URL(url, portal)
  const headers = new Headers(init.headers)
  const cookie = jar.header(target.origin)
  if (cookie) headers.set('cookie', cookie)
  const response =
    target.origin === portal
      ? await api(`${target.pathname.replace(/^\/api\/v1/, '')}${target.search}`, { ...init, headers })
      : await fetch(target, { ...init, headers, redirect: 'manual' })
  jar.store(target.origin, response)
  return response
}

interface SsoOutcome {
  /** The login page the callback sent the browser to. */
  landing: URL
  jar: CookieJar
  portal: string
}

/** The browser's single sign-on as `accountId` at the provider, redirects followed by hand up to the login page. */
async function signInAtIdp(accountId: string): Promise<SsoOutcome> {
  nextLogin = accountId
  const portal = await portalOrigin()
  const jar = new CookieJar()
  let response = await browse(jar, '/api/v1/accounts/sso/start?from=%2Fs%2Fadmin', portal)
  for (let hops = 0; hops < 12; hops++) {
    expect([302, 303], await response.clone().text()).toContain(response.status)
    const location = new URL(response.headers.get('location')!, response.url || portal)
    if (location.pathname === '/auth/login') return { landing: location, jar, portal }
    response = await browse(jar, location.toString(), portal)
  }
  throw new Error('too many redirects')
}

/** The login page's claim of the session after `sso=done`. */
async function claim(outcome: SsoOutcome) {
  const response = await browse(outcome.jar, '/api/v1/accounts/sso/session', outcome.portal, { method: 'POST' })
  const body = await response.text()
  expect(response.status, body).toBe(200)
  return JSON.parse(body) as { access_token: string; enrolment_required?: boolean; user: { email: string; isStaff: boolean } }
}

/** A portal user (staff with `role` unless null) and the provider's account for the same e-mail. */
async function staffUser(options: { role?: string | null; status?: 'ACTIVE' | 'DISABLED'; idp?: Partial<IdpAccount> } = {}) {
  const db = await getDb()
  const email = options.idp?.email ?? `staff-${randomUUID().slice(0, 8)}@bank.test`
  const [user] = await db
    .insert(users)
    .values({ email, firstName: 'Sam', lastName: 'Staff', status: options.status ?? 'ACTIVE' })
    .returning()
  if (options.role !== null)
    await db.insert(userRoles).values({ userId: user!.id, roleId: await roleId(options.role ?? 'AUDITOR') })
  const accountId = `idp-${randomUUID()}`
  idpAccounts.set(accountId, { email, amr: ['pwd'], ...options.idp })
  return { user: user!, accountId }
}

async function latestAudit(action: string, userId?: string) {
  const db = await getDb()
  const rows = await db.select().from(audits).where(eq(audits.action, action)).orderBy(desc(audits.seq)).limit(20)
  return rows.find((row) => !userId || row.actorId === userId || row.resourceId === userId)
}

async function sessionOf(userId: string) {
  const db = await getDb()
  const [session] = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.createdAt)).limit(1)
  return session
}

describe('single sign-on', () => {
  it('tells the login page it is on, under the provider’s name', async () => {
    const response = await api('/accounts/sso')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ enabled: true, displayName: 'Bank Entra' })
  })

  it('starts with PKCE (S256), state and nonce, asking for offline_access, in a sealed HttpOnly cookie', async () => {
    const response = await api('/accounts/sso/start')
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('location')!)
    expect(location.origin).toBe(`http://127.0.0.1:${ISSUER_PORT}`)
    const params = location.searchParams
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(params.get('state')).toBeTruthy()
    expect(params.get('nonce')).toBeTruthy()
    expect(params.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'offline_access']))
    expect(params.get('redirect_uri')).toBe(`${await portalOrigin()}/api/v1/accounts/sso/callback`)
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith('kyc_sso='))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).not.toContain(params.get('state')!)
  })

  it('signs a staff user in: an SSO session holding the provider’s refresh token, audited as SSO', async () => {
    const { user, accountId } = await staffUser()
    const outcome = await signInAtIdp(accountId)
    expect(Object.fromEntries(outcome.landing.searchParams)).toEqual({ sso: 'done', from: '/s/admin' })
    const flowCookie = outcome.jar.header(outcome.portal)
    expect(flowCookie).toMatch(/^kyc_sso=/)
    const answer = await claim(outcome)
    expect(answer.user).toMatchObject({ email: user.email, isStaff: true })
    expect(answer.enrolment_required).toBeUndefined()

    const session = (await sessionOf(user.id))!
    expect(session).toMatchObject({ authMethod: 'SSO', revokedAt: null, factorVerifiedAt: null, passwordVerifiedAt: null })
    expect(session.ssoRefreshToken).toBeTruthy()
    const me = await api('/accounts/me', { token: answer.access_token })
    expect(me.status).toBe(200)
    const audit = await latestAudit('LOGIN_SUCCEEDED', user.id)
    expect(audit?.after).toMatchObject({ method: 'SSO', userId: user.id })

    // The claim is once only: the cookie is cleared, and a replayed copy finds the session's first token taken.
    expect(outcome.jar.header(outcome.portal)).toBe('')
    const replayed = await api('/accounts/sso/session', { method: 'POST', headers: { cookie: flowCookie } })
    expect(replayed.status).toBe(404)
    expect((await api('/accounts/sso/session', { method: 'POST' })).status).toBe(404)
  })

  it('refuses a callback without the browser’s flow cookie, with another state, or with the provider’s error', async () => {
    const response = await api('/accounts/sso/callback?code=abc&state=forged')
    expect(response.status).toBe(302)
    expect(new URL(response.headers.get('location')!).searchParams.get('sso_error')).toBe('EXPIRED')

    // The provider's own refusal (the user cancelled) comes back with the right state and an error.
    const jar = new CookieJar()
    const portal = await portalOrigin()
    const start = await browse(jar, '/api/v1/accounts/sso/start', portal)
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const cancelled = await browse(jar, `/api/v1/accounts/sso/callback?error=access_denied&state=${state}`, portal)
    expect(new URL(cancelled.headers.get('location')!).searchParams.get('sso_error')).toBe('IDENTITY_PROVIDER_ERROR')
    expect(jar.header(portal)).toBe('')
  })

  it('refuses an e-mail outside the allowed domains, an unknown e-mail, a non-staff user and a disabled one', async () => {
    const outsider = await staffUser({ idp: { email: `someone-${randomUUID().slice(0, 6)}@elsewhere.test` } })
    expect((await signInAtIdp(outsider.accountId)).landing.searchParams.get('sso_error')).toBe('DOMAIN_NOT_ALLOWED')
    const failed = await latestAudit('LOGIN_FAILED')
    expect(failed?.after).toMatchObject({ reason: 'DOMAIN_NOT_ALLOWED', method: 'SSO' })

    const unknownId = `idp-${randomUUID()}`
    idpAccounts.set(unknownId, { email: `nobody-${randomUUID().slice(0, 6)}@staff.bank.test`, amr: ['pwd'] })
    expect((await signInAtIdp(unknownId)).landing.searchParams.get('sso_error')).toBe('UNKNOWN_USER')

    const member = await staffUser({ role: null })
    expect((await signInAtIdp(member.accountId)).landing.searchParams.get('sso_error')).toBe('NOT_STAFF')

    const disabled = await staffUser({ status: 'DISABLED' })
    expect((await signInAtIdp(disabled.accountId)).landing.searchParams.get('sso_error')).toBe('DISABLED')

    const unverified = await staffUser({ idp: { emailVerified: false } })
    expect((await signInAtIdp(unverified.accountId)).landing.searchParams.get('sso_error')).toBe('EMAIL_NOT_VERIFIED')

    const db = await getDb()
    for (const refusedUser of [outsider.user, member.user, disabled.user, unverified.user]) {
      expect(await db.select().from(sessions).where(eq(sessions.userId, refusedUser.id))).toEqual([])
    }
  })

  it('counts the provider’s second factor (amr otp) as the portal’s', async () => {
    const { user, accountId } = await staffUser({ idp: { amr: ['pwd', 'otp'] } })
    const outcome = await signInAtIdp(accountId)
    expect(outcome.landing.searchParams.get('sso')).toBe('done')
    await claim(outcome)
    const session = (await sessionOf(user.id))!
    expect(session.authMethod).toBe('SSO')
    expect(session.factorVerifiedAt).not.toBeNull()
  })

  it('asks for the portal’s own factor when amr shows none and the user holds one; the second step makes the SSO session', async () => {
    const { user, accountId } = await staffUser()
    const db = await getDb()
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
    await db
      .insert(userFactors)
      .values({ userId: user.id, kind: 'TOTP', name: 'Phone', totpSecret: secret, confirmedAt: new Date() })

    const outcome = await signInAtIdp(accountId)
    const challenge = outcome.landing.searchParams.get('challenge')
    expect(challenge).toBeTruthy()
    expect(outcome.landing.searchParams.get('sso')).toBeNull()
    // Nothing is signed in yet: the held sign-in is a session that was never live.
    const held = (await sessionOf(user.id))!
    expect(held.revokedAt).not.toBeNull()

    const step = await api('/accounts/login/factor', {
      method: 'POST',
      json: { challenge, method: 'TOTP', code: currentTotpCode(secret) },
    })
    expect(step.status, await step.clone().text()).toBe(200)
    const session = (await sessionOf(user.id))!
    expect(session).toMatchObject({ authMethod: 'SSO', revokedAt: null, passwordVerifiedAt: null })
    expect(session.factorVerifiedAt).not.toBeNull()
    expect(session.ssoRefreshToken).toBeTruthy()
    const [heldAfter] = await db.select().from(sessions).where(eq(sessions.id, held.id))
    expect(heldAfter!.ssoRefreshToken).toBeNull()
    expect((await latestAudit('LOGIN_SUCCEEDED', user.id))?.after).toMatchObject({ method: 'SSO', factor: 'TOTP' })
  })

  it('makes the session enrolment-only when a factor is required, amr shows none and the user holds none', async () => {
    const { user, accountId } = await staffUser()
    const db = await getDb()
    await db.update(users).set({ factorEnrolmentRequired: true }).where(eq(users.id, user.id))
    const outcome = await signInAtIdp(accountId)
    expect(outcome.landing.searchParams.get('sso')).toBe('done')
    const answer = await claim(outcome)
    expect(answer.enrolment_required).toBe(true)
    expect((await sessionOf(user.id))!.enrolmentOnly).toBe(true)
  })

  it('checks the provider at refresh: the rotated token is stored, at most once a minute; disabled there → 401 and revoked', async () => {
    const { user, accountId } = await staffUser()
    const outcome = await signInAtIdp(accountId)
    let { access_token: token } = await claim(outcome)
    const first = (await sessionOf(user.id))!.ssoRefreshToken

    const grantsBefore = refreshGrants
    const refreshed = await api('/accounts/refresh-token', { method: 'POST', token })
    expect(refreshed.status).toBe(200)
    token = ((await refreshed.json()) as { access_token: string }).access_token
    expect(refreshGrants).toBe(grantsBefore + 1)
    const rotated = (await sessionOf(user.id))!.ssoRefreshToken
    expect(rotated).toBeTruthy()
    expect(rotated).not.toBe(first)

    // Within the minute the provider is not asked again, even though the user is now disabled there.
    disabledAtIdp.add(accountId)
    const cheap = await api('/accounts/refresh-token', { method: 'POST', token })
    expect(cheap.status).toBe(200)
    token = ((await cheap.json()) as { access_token: string }).access_token
    expect(refreshGrants).toBe(grantsBefore + 1)

    // A minute later the provider refuses (invalid_grant): the session is revoked and the refresh answers 401.
    const db = await getDb()
    vi.useFakeTimers({ now: Date.now() + 61_000, toFake: ['Date'] })
    try {
      if (apiServerKind) {
        // The server's clock cannot be moved from here: a new sign-in has never been checked.
        disabledAtIdp.delete(accountId)
        const second = await signInAtIdp(accountId)
        token = (await claim(second)).access_token
        disabledAtIdp.add(accountId)
      }
      const refused = await api('/accounts/refresh-token', { method: 'POST', token })
      expect(refused.status).toBe(401)
    } finally {
      vi.useRealTimers()
    }
    const session = (await sessionOf(user.id))!
    expect(session.revokedAt).not.toBeNull()
    expect(session.revokedReason).toBe('sso: identity provider refused')
    expect((await api('/accounts/me', { token })).status).toBe(401)
    const [ended] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.action, 'SSO_SESSION_ENDED'), eq(audits.resourceId, session.id)))
    expect(ended).toBeTruthy()
  })

  it('turns an identity-provider group into a pending authorization proposing the role, never a grant', async () => {
    const { user, accountId } = await staffUser({ role: 'AUDITOR', idp: { groups: ['kyc-approvers', 'kyc-ghosts', 'other'] } })
    const outcome = await signInAtIdp(accountId)
    expect(outcome.landing.searchParams.get('sso')).toBe('done')
    await claim(outcome)

    const db = await getDb()
    const pending = await db
      .select()
      .from(authorizations)
      .where(and(eq(authorizations.resourceId, user.id), eq(authorizations.status, 'PENDING')))
    expect(pending).toHaveLength(1)
    expect(pending[0]).toMatchObject({ type: 'USER_UPDATE', makerId: user.id })
    expect(pending[0]!.reason).toContain('kyc-approvers')
    expect((pending[0]!.proposal as { roleIds: string[] }).roleIds).toContain(await roleId('APPROVER'))
    const held = await db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, user.id))
    expect(held.map((r) => r.roleId)).toEqual([await roleId('AUDITOR')])
    expect((await latestAudit('REQUEST', user.id))?.after).toMatchObject({ type: 'USER_UPDATE', resourceId: user.id })

    // Signing in again proposes nothing more while that request waits.
    const again = await signInAtIdp(accountId)
    await claim(again)
    const stillPending = await db
      .select()
      .from(authorizations)
      .where(and(eq(authorizations.resourceId, user.id), eq(authorizations.status, 'PENDING')))
    expect(stillPending).toHaveLength(1)
  })
})
