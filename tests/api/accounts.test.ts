import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PASSWORD_RULES } from '@/lib/validation/person'
import commonPasswords from '@/server/auth/common-passwords.json'
import { maskSealedValues } from '@/server/crypto/personal-values'
import { getDb } from '@/server/db/client'
import { accountTokens, audits, businessUsers, mailOutbox, users } from '@/server/db/schema'
import { auditRowsOfEmail } from './audit-fixtures'
import { api, errorsOf, latestMail, linkTokenFrom, signedInUser } from './helpers'
import { resetCodeFrom } from './throttle-fixtures'

const PASSWORD = 'Sunny-Lagos-2026'
const email = () => `ada.${randomUUID().slice(0, 8)}@example.ng`
const signupBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Adaeze',
  lastName: 'Okonkwo-Bello',
  email: email(),
  phone: '0803 123 4567',
  password: PASSWORD,
  ...overrides,
})

async function signUpAndActivate(overrides: Record<string, unknown> = {}) {
  const body = signupBody(overrides)
  expect((await api('/accounts/signup', { method: 'POST', json: body })).status).toBe(202)
  const token = linkTokenFrom((await latestMail(body.email, 'activation'))!.text)
  expect((await api('/accounts/activate-account', { method: 'POST', json: { token } })).status).toBe(200)
  return body as { email: string; password: string; firstName: string }
}

async function login(emailAddress: string, password: string) {
  return api('/accounts/login', { method: 'POST', json: { email: emailAddress, password } })
}

async function loginToken(emailAddress: string, password: string) {
  const res = await login(emailAddress, password)
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

describe('signup and activation', () => {
  it('creates a pending user, e-mails a single-use 24 h activation link and audits it', async () => {
    const body = signupBody({
      email: 'Mixed.Case@Example.NG'.replace('Mixed', `M${randomUUID().slice(0, 6)}`),
      channel: 'partner-a',
    })
    const res = await api('/accounts/signup', { method: 'POST', json: body })
    expect(res.status).toBe(202)
    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, body.email.toLowerCase()) })
    expect(user).toMatchObject({
      status: 'PENDING_ACTIVATION',
      phone: '+2348031234567',
      channel: 'partner-a',
      lastName: 'Okonkwo-Bello',
    })
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/)

    const mail = await latestMail(user!.email, 'activation')
    const token = linkTokenFrom(mail!.text)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const stored = await db.query.accountTokens.findFirst({ where: eq(accountTokens.userId, user!.id) })
    expect(stored!.tokenHash).not.toContain(token)
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000)
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, user!.id), eq(audits.action, 'SIGNUP')) }),
    ).toBeDefined()

    const activated = await api('/accounts/activate-account', { method: 'POST', json: { token } })
    expect(activated.status).toBe(200)
    expect((await db.query.users.findFirst({ where: eq(users.id, user!.id) }))!.status).toBe('ACTIVE')

    const reused = await api('/accounts/activate-account', { method: 'POST', json: { token } })
    expect(reused.status).toBe(400)
    expect(await errorsOf(reused)).toEqual([
      { code: 'VALIDATION_FAILED', field: 'token', message: expect.stringContaining('already been used') },
    ])
  })

  it('refuses unknown and expired activation tokens with a clear reason', async () => {
    const unknown = await api('/accounts/activate-account', { method: 'POST', json: { token: 'not-a-real-token' } })
    expect((await errorsOf(unknown))[0]!.message).toContain('not valid')

    const body = signupBody()
    await api('/accounts/signup', { method: 'POST', json: body })
    const token = linkTokenFrom((await latestMail(body.email, 'activation'))!.text)
    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, body.email) })
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.userId, user!.id))
    const expired = await api('/accounts/activate-account', { method: 'POST', json: { token } })
    expect(expired.status).toBe(400)
    expect((await errorsOf(expired))[0]!.message).toContain('expired')
  })

  it('answers a signup for an existing e-mail exactly like a new one, and tells an active owner instead', async () => {
    const existing = await signUpAndActivate()
    const fresh = await api('/accounts/signup', { method: 'POST', json: signupBody() })
    const again = await api('/accounts/signup', { method: 'POST', json: signupBody({ email: existing.email }) })
    expect(again.status).toBe(fresh.status)
    expect(await again.json()).toEqual(await fresh.json())
    expect((await latestMail(existing.email))!.template).toBe('already-registered')
  })

  it('validates every field, naming it', async () => {
    const res = await api('/accounts/signup', {
      method: 'POST',
      json: { firstName: ' . ', lastName: 'R2-D2', email: 'nope', phone: '12345', password: 'short' },
    })
    expect(res.status).toBe(400)
    expect((await errorsOf(res)).map((e) => e.field).sort()).toEqual(['email', 'firstName', 'lastName', 'password', 'phone'])
  })

  it('refuses one of the 3,000 most common passwords and passwords over 128 characters', async () => {
    expect(commonPasswords).toHaveLength(3000)
    expect(commonPasswords).toContain('password1')
    const common = 'Password1!' // meets every character rule, but is `password1` with a symbol
    expect(PASSWORD_RULES.every((r) => r.test(common))).toBe(true)
    for (const [path, body] of [['/accounts/signup', signupBody({ password: common })]] as const) {
      const res = await api(path, { method: 'POST', json: body })
      expect(await errorsOf(res)).toEqual([
        { code: 'VALIDATION_FAILED', field: 'password', message: 'This password is too common; choose another' },
      ])
    }
    const { token } = await signedInUser()
    const change = await api('/accounts/change-password', {
      method: 'POST',
      token,
      json: { currentPassword: 'whatever', newPassword: 'Qwerty123!' },
    })
    expect(await errorsOf(change)).toEqual([
      { code: 'VALIDATION_FAILED', field: 'newPassword', message: 'This password is too common; choose another' },
    ])
    const long = await api('/accounts/signup', { method: 'POST', json: signupBody({ password: `Aa1!${'x'.repeat(125)}` }) })
    expect((await errorsOf(long))[0]!.field).toBe('password')
  })

  it('resends an activation link at most once a minute, with the same answer for any e-mail', async () => {
    const body = signupBody()
    await api('/accounts/signup', { method: 'POST', json: body })
    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, body.email) })
    await db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(accountTokens.userId, user!.id))

    const first = await api('/accounts/resend-activation-token', { method: 'POST', json: { email: body.email } })
    const second = await api('/accounts/resend-activation-token', { method: 'POST', json: { email: body.email } })
    const unknown = await api('/accounts/resend-activation-token', { method: 'POST', json: { email: email() } })
    expect([first.status, second.status, unknown.status]).toEqual([202, 202, 202])
    const answers = await Promise.all([first.json(), second.json(), unknown.json()])
    expect(answers[1]).toEqual(answers[0])
    expect(answers[2]).toEqual(answers[0])
    expect(await db.$count(mailOutbox, eq(mailOutbox.to, body.email))).toBe(2) // signup + one resend
  })
})

describe('login', () => {
  it('answers the login shape of docs/api.md and audits the success', async () => {
    const account = await signUpAndActivate()
    const res = await login(account.email.toUpperCase(), PASSWORD)
    expect(res.status).toBe(200)
    const answer = (await res.json()) as Record<string, unknown>
    expect(answer).toMatchObject({
      token_type: 'Bearer',
      expires_in: 1800,
      user: { email: account.email, firstName: 'Adaeze', isStaff: false, iswStaff: false },
    })
    const me = await api('/accounts/me', { token: answer.access_token as string })
    expect(me.status).toBe(200)
    const [audited] = await auditRowsOfEmail('LOGIN_SUCCEEDED', account.email)
    expect(audited).toBeDefined()
  })

  it('gives one generic 401 for wrong password, unknown e-mail and an account not yet activated, and audits without the password', async () => {
    const account = await signUpAndActivate()
    const pending = signupBody()
    await api('/accounts/signup', { method: 'POST', json: pending })
    const answers = await Promise.all([
      login(account.email, 'Wrong-Passw0rd!'),
      login(email(), PASSWORD),
      login(pending.email, PASSWORD),
    ])
    for (const res of answers) {
      expect(res.status).toBe(401)
      expect(await errorsOf(res)).toEqual([
        { code: 'UNAUTHENTICATED', message: 'The e-mail or password is wrong, or the account is not activated yet.' },
      ])
    }
    const [failure] = await auditRowsOfEmail('LOGIN_FAILED', account.email)
    expect(failure!.after).toEqual({ email: account.email, reason: 'WRONG_PASSWORD' })
    expect(JSON.stringify(failure)).not.toContain('Wrong-Passw0rd!')
  })
})

describe('password recovery', () => {
  async function requestCode(address: string) {
    const res = await api('/accounts/recover-password', { method: 'POST', json: { email: address } })
    expect(res.status).toBe(202)
    return resetCodeFrom((await latestMail(address, 'password-reset'))!.text)
  }

  it('answers the same for known and unknown e-mails', async () => {
    const account = await signUpAndActivate()
    const known = await api('/accounts/recover-password', { method: 'POST', json: { email: account.email } })
    const unknown = await api('/accounts/recover-password', { method: 'POST', json: { email: email() } })
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(await known.json())
  })

  it('resets the password with the code, once, and revokes every session', async () => {
    const account = await signUpAndActivate()
    const oldToken = await loginToken(account.email, PASSWORD)
    const otp = await requestCode(account.email)
    const res = await api(`/accounts/reset-password/${otp}`, {
      method: 'PUT',
      json: { email: account.email, password: 'New-Harmattan-77' },
    })
    expect(res.status).toBe(200)
    expect((await api('/accounts/me', { token: oldToken })).status).toBe(401)
    expect((await login(account.email, PASSWORD)).status).toBe(401)
    expect((await login(account.email, 'New-Harmattan-77')).status).toBe(200)

    const reused = await api(`/accounts/reset-password/${otp}`, {
      method: 'PUT',
      json: { email: account.email, password: 'Another-Pass-88' },
    })
    expect(reused.status).toBe(400)
    expect((await errorsOf(reused))[0]!.field).toBe('otp')
  })

  it('kills a code after 5 wrong guesses and refuses an expired one', async () => {
    const account = await signUpAndActivate()
    const otp = await requestCode(account.email)
    const wrong = otp === '0000000000' ? '1111111111' : '0000000000'
    for (let i = 0; i < 5; i++) {
      const res = await api(`/accounts/reset-password/${wrong}`, {
        method: 'PUT',
        json: { email: account.email, password: 'New-Harmattan-77' },
      })
      expect(res.status).toBe(400)
    }
    const right = await api(`/accounts/reset-password/${otp}`, {
      method: 'PUT',
      json: { email: account.email, password: 'New-Harmattan-77' },
    })
    expect(right.status).toBe(400)

    const db = await getDb()
    const user = await db.query.users.findFirst({ where: eq(users.email, account.email) })
    await db
      .update(accountTokens)
      .set({ createdAt: new Date(Date.now() - 120_000) })
      .where(eq(accountTokens.userId, user!.id))
    const fresh = await requestCode(account.email)
    await db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(accountTokens.userId, user!.id), eq(accountTokens.purpose, 'PASSWORD_RESET')))
    const expired = await api(`/accounts/reset-password/${fresh}`, {
      method: 'PUT',
      json: { email: account.email, password: 'New-Harmattan-77' },
    })
    expect(expired.status).toBe(400)
    expect((await errorsOf(expired))[0]!.message).toBe('The code is wrong or has expired. Request a new code.')
  })

  it('validates the code shape and the new password', async () => {
    const badCode = await api('/accounts/reset-password/12ab', {
      method: 'PUT',
      json: { email: 'x@example.ng', password: 'Good-Enough-42' },
    })
    expect(badCode.status).toBe(400)
    expect((await errorsOf(badCode)).map((e) => e.field)).toEqual(['otp'])
    const sixDigits = await api('/accounts/reset-password/123456', {
      method: 'PUT',
      json: { email: 'x@example.ng', password: 'Good-Enough-42' },
    })
    expect((await errorsOf(sixDigits))[0]).toMatchObject({ field: 'otp', message: 'The code is 10 digits' })
    const weak = await api('/accounts/reset-password/1234567890', {
      method: 'PUT',
      json: { email: 'x@example.ng', password: 'weak' },
    })
    expect((await errorsOf(weak)).map((e) => e.field)).toEqual(['password'])
  })
})

describe('signed-in account calls', () => {
  it('changes the password: checks the current one, keeps this session, revokes the others, e-mails a notice', async () => {
    const account = await signUpAndActivate()
    const mine = await loginToken(account.email, PASSWORD)
    const other = await loginToken(account.email, PASSWORD)
    const wrong = await api('/accounts/change-password', {
      method: 'POST',
      token: mine,
      json: { currentPassword: 'Nope-Nope-1', newPassword: 'Fresh-Palm-Wine-9' },
    })
    expect(wrong.status).toBe(400)
    expect((await errorsOf(wrong))[0]!.field).toBe('currentPassword')

    const ok = await api('/accounts/change-password', {
      method: 'POST',
      token: mine,
      json: { currentPassword: PASSWORD, newPassword: 'Fresh-Palm-Wine-9' },
    })
    expect(ok.status).toBe(200)
    expect((await api('/accounts/me', { token: mine })).status).toBe(200)
    expect((await api('/accounts/me', { token: other })).status).toBe(401)
    expect((await latestMail(account.email))!.template).toBe('password-changed')
  })

  it('refreshes a token for the same session, and not after logout', async () => {
    const { token, session } = await signedInUser()
    const res = await api('/accounts/refresh-token', { method: 'POST', token })
    expect(res.status).toBe(200)
    const refreshed = (await res.json()) as { access_token: string; expires_in: number }
    const payload = JSON.parse(Buffer.from(refreshed.access_token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    expect(payload.sid).toBe(session.id)
    expect((await api('/accounts/me', { token: refreshed.access_token })).status).toBe(200)

    expect((await api('/accounts/logout', { method: 'POST', token: refreshed.access_token })).status).toBe(200)
    expect((await api('/accounts/refresh-token', { method: 'POST', token })).status).toBe(401)
    expect((await api('/accounts/me', { token })).status).toBe(401)
  })

  it('never lets a refreshed token outlive the session', async () => {
    const { token, session } = await signedInUser()
    const db = await getDb()
    const { sessions } = await import('@/server/db/schema')
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 120_000) })
      .where(eq(sessions.id, session.id))
    const refreshed = (await (await api('/accounts/refresh-token', { method: 'POST', token })).json()) as { expires_in: number }
    expect(refreshed.expires_in).toBeLessThanOrEqual(120)
  })

  it('answers me, permissions and profile for the signed-in user', async () => {
    const { token, user, businessIds } = await signedInUser({ staffRole: 'APPROVER', businesses: [{ role: 'BUSINESS_OWNER' }] })
    const me = (await (await api('/accounts/me', { token })).json()) as Record<string, unknown>
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      isStaff: true,
      staffRoles: ['APPROVER'],
      businesses: [{ businessId: businessIds[0], role: 'BUSINESS_OWNER' }],
    })
    const membership = (me.businesses as { permissions: string[] }[])[0]!
    expect(membership.permissions).toContain('CAN_ADD_BUSINESS_USER')
    expect(membership.permissions).not.toContain('CAN_APPROVE_BUSINESS') // the staff permission is not the business's
    const permissions = (await (await api('/accounts/me/permissions', { token })).json()) as { name: string }[]
    expect(permissions).toContainEqual({ name: 'CAN_APPROVE_BUSINESS' })
    expect(permissions).toContainEqual({ name: 'CAN_ADD_BUSINESS_USER' })
    const profile = (await (await api('/user-profile', { token })).json()) as Record<string, unknown>
    expect(profile).toMatchObject({
      id: user.id,
      preferences: { defaultBusinessId: null, emailNotifications: true, marketingOptOut: false },
    })
    expect((await api('/accounts/me')).status).toBe(401)
  })

  it('updates own name and phone, audited with before and after', async () => {
    const { token, user } = await signedInUser()
    const res = await api('/accounts/me', { method: 'PATCH', token, json: { firstName: 'Chiamaka', phone: '+234 809 000 1111' } })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ firstName: 'Chiamaka', lastName: 'User', phone: '+2348090001111' })
    const db = await getDb()
    const row = await db.query.audits.findFirst({
      where: and(eq(audits.resourceId, user.id), eq(audits.action, 'UPDATE_PROFILE')),
    })
    // Names and phone are kept sealed under the user's key (erasable); a reader of the log sees them opened.
    expect(JSON.stringify(row)).not.toContain('Chiamaka')
    expect((await maskSealedValues(db, [row]))[0]).toMatchObject({
      before: { firstName: 'Test', phone: null },
      after: { firstName: 'Chiamaka', phone: '+2348090001111' },
    })
    expect((await api('/accounts/me', { method: 'PATCH', token, json: {} })).status).toBe(400)
    expect((await api('/accounts/me', { method: 'PATCH', token, json: { email: 'x@y.z' } })).status).toBe(400)
  })

  it('keeps preferences server-side; the default business must be one of the user’s', async () => {
    const { token, businessIds } = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const saved = await api('/accounts/me/preferences', {
      method: 'PUT',
      token,
      json: { defaultBusinessId: businessIds[0], emailNotifications: false, marketingOptOut: true },
    })
    expect(saved.status).toBe(200)
    expect(await (await api('/accounts/me/preferences', { token })).json()).toEqual({
      defaultBusinessId: businessIds[0],
      emailNotifications: false,
      marketingOptOut: true,
    })

    const stranger = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const refused = await api('/accounts/me/preferences', {
      method: 'PUT',
      token,
      json: { defaultBusinessId: stranger.businessIds[0], emailNotifications: true, marketingOptOut: false },
    })
    expect(refused.status).toBe(400)
    expect((await errorsOf(refused))[0]!.field).toBe('defaultBusinessId')
    const db = await getDb()
    expect(await db.$count(businessUsers)).toBeGreaterThan(0)
  })
})
