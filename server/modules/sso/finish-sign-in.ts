import { eq } from 'drizzle-orm'
import * as client from 'openid-client'
import { getConfig } from '@/lib/config/env'
import type { SsoErrorCode } from '@/lib/contracts/sso'
import { holdsStaffPermission } from '@/lib/permissions/checks'
import { appendAudit, emailSubject, type AuditContext } from '@/server/audit/append-audit'
import { STAFF_PERMISSION_NAMES } from '@/server/auth/load-actor'
import type { Database } from '@/server/db/client'
import { loginAttempts, users } from '@/server/db/schema'
import { identityProvider, type OidcSettings } from '@/server/integrations/oidc/identity-provider'
import { logger } from '@/server/logger'
import { startSignedInSession } from '@/server/modules/accounts/log-in'
import { holdSsoSignIn } from '@/server/modules/accounts/sso-held-sign-in'
import { confirmedFactors, factorRequirement } from '@/server/modules/factors/factor-policy'
import type { SsoFlow } from './flow-cookie'
import { groupsOf, proposeGroupRoles } from './propose-group-roles'
import { loginPageUrl, ssoRedirectUri } from './start-sign-in'

/**
 * RFC 8176 authentication method references that mean more than one factor was used: `mfa` itself, or a method that
 * is a second factor (one-time password, hardware or software key, fingerprint, face, smart card, proof of
 * possession). A provider saying one of them counts as the portal's own second factor.
 */
export const SECOND_FACTOR_AMR = new Set(['mfa', 'otp', 'hwk', 'swk', 'fpt', 'face', 'sc', 'pop'])

export type SsoCallbackResult = {
  /** Where the browser goes next: the login page, with `sso=done`, `challenge` or `sso_error`. */
  redirectTo: string
  /** The flow cookie to set (SIGNED_IN), or null to clear it. */
  flow: SsoFlow | null
  error?: SsoErrorCode
}

const refused = (error: SsoErrorCode): SsoCallbackResult => ({
  redirectTo: loginPageUrl({ sso_error: error }),
  flow: null,
  error,
})

/**
 * `GET /accounts/sso/callback`: the identity provider's answer. Checks state, PKCE (the verifier goes to the token
 * endpoint) and the ID token (signature, issuer, audience, expiry, nonce: openid-client), then the e-mail (verified,
 * in OIDC_ALLOWED_DOMAINS), then the portal's user: it must exist, be active, and be staff. Only then a session
 * (authMethod SSO), or, when the provider's `amr` shows no second factor and the user holds one of the portal's, the
 * portal's second step first. Every refusal is audited (LOGIN_FAILED with its reason) and sends the browser back to
 * the login page, which says why.
 */
export async function finishSsoSignIn(options: {
  db: Database
  callbackUrl: URL
  flow: Extract<SsoFlow, { step: 'AUTHORIZING' }> | null
  audit: AuditContext
  userAgent: string | null
}): Promise<SsoCallbackResult> {
  const settings = getConfig().oidc
  if (!settings) return refused('NOT_CONFIGURED')
  const { flow, callbackUrl } = options
  if (!flow || callbackUrl.searchParams.get('state') !== flow.state) return refused('EXPIRED')
  if (callbackUrl.searchParams.has('error')) {
    logger.warn(
      { error: callbackUrl.searchParams.get('error'), description: callbackUrl.searchParams.get('error_description') },
      'sso: the identity provider answered an error',
    )
    return refused('IDENTITY_PROVIDER_ERROR')
  }

  let claims: Record<string, unknown>
  let refreshToken: string | null
  try {
    const provider = await identityProvider(settings)
    // The redirect URI the token endpoint compares is the registered one, whatever host the request came in by.
    const current = new URL(ssoRedirectUri())
    current.search = callbackUrl.search
    const tokens = await client.authorizationCodeGrant(provider, current, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    })
    const idToken = tokens.claims()!
    claims = { ...idToken }
    const lacking = !claims.email || claims.email_verified === undefined || claims[settings.groupsClaim] === undefined
    if (lacking && provider.serverMetadata().userinfo_endpoint) {
      const userInfo = await client.fetchUserInfo(provider, tokens.access_token, idToken.sub)
      // The ID token's own claims win; userinfo only fills what it lacks.
      claims = { ...userInfo, ...claims }
    }
    refreshToken = tokens.refresh_token ?? null
  } catch (error) {
    logger.warn({ err: error }, 'sso: the authorization code could not be exchanged or its ID token was refused')
    return refused('IDENTITY_PROVIDER_ERROR')
  }
  return signIn({ ...options, settings, claims, refreshToken })
}

async function signIn(options: {
  db: Database
  settings: OidcSettings
  claims: Record<string, unknown>
  refreshToken: string | null
  flow: Extract<SsoFlow, { step: 'AUTHORIZING' }> | null
  audit: AuditContext
  userAgent: string | null
}): Promise<SsoCallbackResult> {
  const { db, settings, claims, audit } = options
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null
  // Entra ID sends no `email_verified`; its optional claim `xms_edov` says the domain's owner verified the address.
  const verified = claims.email_verified === true || claims.xms_edov === true
  if (!email || !verified) return fail(db, audit, email, null, 'EMAIL_NOT_VERIFIED')
  const domain = email.slice(email.lastIndexOf('@') + 1)
  if (!settings.allowedDomains.includes(domain)) return fail(db, audit, email, null, 'DOMAIN_NOT_ALLOWED')

  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      iswStaff: users.iswStaff,
      status: users.status,
      staffPermissions: STAFF_PERMISSION_NAMES,
    })
    .from(users)
    .where(eq(users.email, email))
  if (!user) return fail(db, audit, email, null, 'UNKNOWN_USER')
  if (user.status !== 'ACTIVE') return fail(db, audit, email, user.id, 'DISABLED')
  if (!holdsStaffPermission(user.staffPermissions)) return fail(db, audit, email, user.id, 'NOT_STAFF')

  const auditAs = { ...audit, actorId: user.id, actorEmail: user.email }
  const amr = Array.isArray(claims.amr) ? claims.amr.filter((v): v is string => typeof v === 'string') : []
  const factorFromProvider = amr.some((method) => SECOND_FACTOR_AMR.has(method))

  try {
    await proposeGroupRoles({ db, settings, user, groups: groupsOf(claims, settings.groupsClaim), audit: auditAs })
  } catch (error) {
    // A proposal is a courtesy to the administrators; it never stops the sign-in.
    logger.error({ err: error, userId: user.id }, 'sso: proposing roles from the identity provider’s groups failed')
  }

  if (!factorFromProvider && (await confirmedFactors(db, user.id)).length) {
    const challenge = await db.transaction(async (tx) => {
      const started = await holdSsoSignIn({
        db: tx,
        userId: user.id,
        ip: audit.ip,
        userAgent: options.userAgent,
        refreshToken: options.refreshToken,
      })
      await appendAudit(tx, auditAs, {
        resource: 'session',
        resourceId: null,
        action: 'LOGIN_SSO_ACCEPTED',
        after: { userId: user.id, method: 'SSO', amr, next: 'FACTOR' },
      })
      return started
    })
    return { redirectTo: loginPageUrl({ challenge: challenge.token, from: options.flow?.from }), flow: null }
  }

  const requirement = factorFromProvider ? null : await factorRequirement(db, user.id)
  const session = await startSignedInSession({
    db,
    user,
    audit,
    userAgent: options.userAgent,
    method: 'SSO',
    factorVerified: factorFromProvider,
    enrolmentOnly: requirement !== null,
    sso: { refreshToken: options.refreshToken },
  })
  return {
    redirectTo: loginPageUrl({ sso: 'done', from: options.flow?.from }),
    flow: { step: 'SIGNED_IN', sessionId: session.id, userId: user.id },
  }
}

/** A refused sign-in: its login attempt and LOGIN_FAILED row (reason, method SSO) in one transaction. */
async function fail(
  db: Database,
  audit: AuditContext,
  email: string | null,
  userId: string | null,
  reason: SsoErrorCode,
): Promise<SsoCallbackResult> {
  await db.transaction(async (tx) => {
    if (email) await tx.insert(loginAttempts).values({ email, succeeded: false, ip: audit.ip })
    await appendAudit(
      tx,
      { ...audit, actorId: null, actorEmail: email ?? 'unknown' },
      {
        resource: 'session',
        resourceId: userId,
        action: 'LOGIN_FAILED',
        after: { email, reason, method: 'SSO' },
        subject: userId ? { kind: 'user', id: userId } : email ? emailSubject(email) : undefined,
      },
    )
  })
  return refused(reason)
}
