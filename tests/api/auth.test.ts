import { eq } from 'drizzle-orm'
import { SignJWT, UnsecuredJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { getConfig } from '@/lib/config/env'
import { PERMISSIONS } from '@/lib/permissions/names'
import { revokeSession, revokeUserSessions } from '@/server/auth/sessions'
import { mintAccessToken } from '@/server/auth/tokens'
import { getDb } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'

const PROTECTED = '/audits/resources'

async function sign(
  claims: Record<string, unknown>,
  options: { alg?: string; secret?: string; exp?: number; aud?: string; iss?: string } = {},
) {
  const config = getConfig()
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT(claims)
    .setProtectedHeader({ alg: options.alg ?? 'HS256' })
    .setIssuer(options.iss ?? config.jwtIssuer)
    .setAudience(options.aud ?? config.jwtAudience)
    .setIssuedAt(now - 60)
    .setExpirationTime(options.exp ?? now + 600)
    .sign(new TextEncoder().encode(options.secret ?? config.jwtSecret))
}

async function expect401(token: string | undefined) {
  const res = await api(PROTECTED, { token })
  expect(res.status).toBe(401)
  expect((await errorsOf(res))[0]!.code).toBe('UNAUTHENTICATED')
}

describe('token checks', () => {
  it('accepts a valid token of a user with the permission', async () => {
    const { token } = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await api(PROTECTED, { token })).status).toBe(200)
  })

  it('refuses a missing token or a non-bearer header', async () => {
    await expect401(undefined)
    const res = await api(PROTECTED, { headers: { authorization: 'Basic dXNlcjpwYXNz' } })
    expect(res.status).toBe(401)
  })

  it('refuses a token with a bad signature', async () => {
    const { user, session } = await signedInUser({ staffRole: 'AUDITOR' })
    await expect401(await sign({ sub: user.id, sid: session.id }, { secret: 'another-secret-that-is-also-long-enough-123' }))
  })

  it('refuses a tampered token', async () => {
    const { token } = await signedInUser({ staffRole: 'AUDITOR' })
    const [h, , s] = token.split('.')
    const forgedPayload = Buffer.from(JSON.stringify({ sub: 'someone-else', sid: 'x', exp: 9999999999 })).toString('base64url')
    await expect401(`${h}.${forgedPayload}.${s}`)
  })

  it('refuses an expired token with the session-expired message', async () => {
    const { user, session } = await signedInUser({ staffRole: 'AUDITOR' })
    const token = await sign({ sub: user.id, sid: session.id }, { exp: Math.floor(Date.now() / 1000) - 5 })
    const res = await api(PROTECTED, { token })
    expect(res.status).toBe(401)
    expect((await errorsOf(res))[0]!.message).toBe('Your session has expired, please login again')
  })

  it('refuses a token signed with an algorithm outside the allow-list, and alg none', async () => {
    const { user, session } = await signedInUser({ staffRole: 'AUDITOR' })
    await expect401(await sign({ sub: user.id, sid: session.id }, { alg: 'HS512', secret: getConfig().jwtSecret }))
    const unsecured = new UnsecuredJWT({ sub: user.id, sid: session.id })
      .setIssuer(getConfig().jwtIssuer)
      .setAudience(getConfig().jwtAudience)
      .setExpirationTime('10m')
      .encode()
    await expect401(unsecured)
  })

  it('refuses a token for another audience or issuer', async () => {
    const { user, session } = await signedInUser({ staffRole: 'AUDITOR' })
    await expect401(await sign({ sub: user.id, sid: session.id }, { aud: 'someone-else' }))
    await expect401(await sign({ sub: user.id, sid: session.id }, { iss: 'someone-else' }))
  })

  it('refuses a token whose session was revoked (logout)', async () => {
    const { token, session } = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await api(PROTECTED, { token })).status).toBe(200)
    await revokeSession({ db: await getDb(), sessionId: session.id, reason: 'logout' })
    await expect401(token)
  })

  it('refuses every token of a user whose sessions were revoked, except the one kept', async () => {
    const first = await signedInUser({ staffRole: 'AUDITOR' })
    const db = await getDb()
    const { createSession } = await import('@/server/auth/sessions')
    const second = await createSession({ db, userId: first.user.id })
    const secondToken = (
      await mintAccessToken({ userId: first.user.id, sessionId: second.id, sessionExpiresAt: second.expiresAt })
    ).accessToken
    expect(await revokeUserSessions({ db, userId: first.user.id, reason: 'password changed', exceptSessionId: second.id })).toBe(
      1,
    )
    await expect401(first.token)
    expect((await api(PROTECTED, { token: secondToken })).status).toBe(200)
  })

  it('refuses the token of a user who has been disabled', async () => {
    const { token, user } = await signedInUser({ staffRole: 'AUDITOR' })
    const db = await getDb()
    await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id))
    await expect401(token)
  })

  it('refuses a token naming a session of another user', async () => {
    const victim = await signedInUser({ staffRole: 'AUDITOR' })
    const attacker = await signedInUser()
    await expect401(await sign({ sub: attacker.user.id, sid: victim.session.id }))
  })
})

describe('permission guard', () => {
  it('answers 403 FORBIDDEN to a signed-in user lacking the permission', async () => {
    const { token } = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api(PROTECTED, { token })
    expect(res.status).toBe(403)
    const [error] = (await errorsOf(res)) as { code: string; message: string; permissions?: string[] }[]
    expect(error!.code).toBe('FORBIDDEN')
    // Words for people (what and who), the code for clients.
    expect(error!.message).toContain('You cannot read the audit log')
    expect(error!.message).not.toContain('CAN_')
    expect(error!.permissions).toEqual(['CAN_AUDIT_SYSTEM'])
  })

  it('answers 403 to a business user even when a business role carries the permission (staff only call)', async () => {
    const { token } = await signedInUser({ businesses: [{ permissions: [PERMISSIONS.CAN_AUDIT_SYSTEM] }] })
    const res = await api(PROTECTED, { token })
    expect(res.status).toBe(403)
    expect((await errorsOf(res))[0]!.message).toBe('Only staff can do this')
  })

  it('lets a staff user holding exactly the permission through', async () => {
    const { token } = await signedInUser({ staffPermissions: [PERMISSIONS.CAN_AUDIT_SYSTEM] })
    expect((await api(PROTECTED, { token })).status).toBe(200)
  })
})
