import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Page } from '@/lib/contracts/pagination'
import type { RevokedSessions, UserSession } from '@/lib/contracts/sessions'
import { hashPassword } from '@/server/auth/password'
import { createSession } from '@/server/auth/sessions'
import { mintAccessToken } from '@/server/auth/tokens'
import { getDb } from '@/server/db/client'
import { audits, sessions, users } from '@/server/db/schema'
import { api, apiServerKind, errorsOf, mailsTo, signedInUser, type TestUserOptions } from './helpers'
import { apiFrom } from './throttle-fixtures'

/** Issue 37, item 6: the user sees their live sessions, signs one or all others out; staff hear of a new device. */

const PASSWORD = 'Sunny-Lagos-2026'
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const CHROME_ANDROID_UPDATED =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.6533.64 Mobile Safari/537.36'
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0'

const me = (token: string) => api('/accounts/me', { token })
const listOf = async (token: string, query = '') => {
  const res = await api(`/accounts/sessions${query}`, { token })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Page<UserSession>
}

/** A user (as signedInUser makes them) who can also sign in with PASSWORD. */
async function userWithPassword(options: TestUserOptions = {}) {
  const signedIn = await signedInUser(options)
  const db = await getDb()
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, signedIn.user.id))
  return signedIn
}

/** Signs in through the API from a browser (`userAgent`), optionally from a client address (in process only). */
async function logIn(email: string, userAgent: string, ip?: string) {
  const init = { method: 'POST', json: { email, password: PASSWORD }, headers: { 'user-agent': userAgent } }
  const res = ip ? await apiFrom(ip, '/accounts/login', init) : await api('/accounts/login', init)
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}

/** A further session of the same user, straight in the database (as another device's sign-in would leave it). */
async function anotherSession(userId: string, values: { ip?: string; userAgent?: string } = {}) {
  const db = await getDb()
  const session = await createSession({ db, userId, ...values })
  const { accessToken } = await mintAccessToken({ userId, sessionId: session.id, sessionExpiresAt: session.expiresAt })
  return { session, token: accessToken }
}

const newDeviceMails = async (email: string) => (await mailsTo(email)).filter((m) => m.template === 'new-device-sign-in')

async function auditRows(action: string, resourceId: string) {
  const db = await getDb()
  return db
    .select()
    .from(audits)
    .where(and(eq(audits.action, action), eq(audits.resourceId, resourceId)))
}

describe('GET /accounts/sessions', () => {
  it("lists only the caller's own live sessions, most recently used first, with the current one flagged", async () => {
    const owner = await signedInUser({ businesses: [{}] })
    const phone = await anotherSession(owner.user.id, { ip: '198.51.100.7', userAgent: CHROME_ANDROID })
    const laptop = await anotherSession(owner.user.id, { ip: '203.0.113.9', userAgent: FIREFOX_WINDOWS })
    const db = await getDb()
    // The laptop was used an hour ago, the phone now: the phone comes first.
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 3_600_000) })
      .where(eq(sessions.id, laptop.session.id))
    const ended = await anotherSession(owner.user.id)
    await db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'logout' }).where(eq(sessions.id, ended.session.id))
    const expired = await anotherSession(owner.user.id)
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, expired.session.id))
    const stranger = await signedInUser()

    const page = await listOf(phone.token)
    expect(page).toMatchObject({ pageNumber: 1, pageSize: 50, totalElements: 3, totalPages: 1 })
    expect(page.content.map((s) => s.id)).toEqual([phone.session.id, owner.session.id, laptop.session.id])
    expect(page.content[0]).toMatchObject({
      device: 'Chrome on Android',
      ip: '198.51.100.7',
      authMethod: 'PASSWORD',
      current: true,
    })
    expect(page.content[2]).toMatchObject({ device: 'Firefox on Windows', ip: '203.0.113.9', current: false })
    expect(page.content[1]).toMatchObject({ device: 'Unknown device', ip: null, current: false })
    expect(page.content.map((s) => s.id)).not.toContain(stranger.session.id)
    expect(new Date(page.content[0]!.lastSeenAt).getTime()).toBeGreaterThan(Date.now() - 60_000)
    expect(page.content.every((s) => !Number.isNaN(Date.parse(s.createdAt)))).toBe(true)

    // The other user sees only theirs.
    expect((await listOf(stranger.token)).content.map((s) => [s.id, s.current])).toEqual([[stranger.session.id, true]])
  })

  it('is bounded: at most 50 a page, pages as every list does', async () => {
    const user = await signedInUser()
    expect(await errorsOf(await api('/accounts/sessions?pageSize=51', { token: user.token }))).toEqual([
      expect.objectContaining({ code: 'VALIDATION_FAILED', field: 'pageSize' }),
    ])
    await anotherSession(user.user.id)
    await anotherSession(user.user.id)
    const second = await listOf(user.token, '?pageSize=2&pageNumber=2')
    expect(second).toMatchObject({ pageNumber: 2, pageSize: 2, totalElements: 3, totalPages: 2 })
    expect(second.content).toHaveLength(1)
  })

  it('leaves out a staff session idle past the staff timeout (its next call would end it)', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    const idle = await anotherSession(staff.user.id)
    const db = await getDb()
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 25 * 60_000) })
      .where(eq(sessions.id, idle.session.id))
    expect((await listOf(staff.token)).content.map((s) => s.id)).toEqual([staff.session.id])
  })

  it('needs a signed-in caller', async () => {
    expect((await api('/accounts/sessions')).status).toBe(401)
  })
})

describe('DELETE /accounts/sessions/{id}', () => {
  it("signs that session out at once (its token answers 401), the caller's own still works, audited", async () => {
    const user = await signedInUser()
    const other = await anotherSession(user.user.id, { userAgent: FIREFOX_WINDOWS })
    // Both tokens work, and their actors are cached: the revocation must reach the cache.
    expect((await me(other.token)).status).toBe(200)
    expect((await me(user.token)).status).toBe(200)

    const res = await api(`/accounts/sessions/${other.session.id}`, { method: 'DELETE', token: user.token })
    expect(res.status).toBe(204)
    expect((await me(other.token)).status).toBe(401)
    expect((await me(user.token)).status).toBe(200)
    expect((await listOf(user.token)).content.map((s) => s.id)).toEqual([user.session.id])

    const db = await getDb()
    const [row] = await db.select().from(sessions).where(eq(sessions.id, other.session.id))
    expect(row).toMatchObject({ revokedReason: 'signed out from the sessions list' })
    const [audit] = await auditRows('SESSION_REVOKED', other.session.id)
    expect(audit).toMatchObject({ resource: 'session', actorId: user.user.id })
    expect(audit!.after).toMatchObject({ current: false })

    // Already ended: not found.
    expect((await api(`/accounts/sessions/${other.session.id}`, { method: 'DELETE', token: user.token })).status).toBe(404)
  })

  it("answers 404 for another user's session and leaves it alone", async () => {
    const user = await signedInUser()
    const victim = await signedInUser()
    const res = await api(`/accounts/sessions/${victim.session.id}`, { method: 'DELETE', token: user.token })
    expect(res.status).toBe(404)
    expect((await errorsOf(res))[0]).toMatchObject({ code: 'NOT_FOUND' })
    expect((await me(victim.token)).status).toBe(200)
    expect(await auditRows('SESSION_REVOKED', victim.session.id)).toEqual([])
  })

  it('may sign out the current session, which ends it', async () => {
    const user = await signedInUser()
    expect((await api(`/accounts/sessions/${user.session.id}`, { method: 'DELETE', token: user.token })).status).toBe(204)
    expect((await me(user.token)).status).toBe(401)
    const [audit] = await auditRows('SESSION_REVOKED', user.session.id)
    expect(audit!.after).toMatchObject({ current: true })
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const user = await signedInUser()
    expect((await api('/accounts/sessions/not-an-id', { method: 'DELETE', token: user.token })).status).toBe(400)
  })
})

describe('POST /accounts/sessions/revoke-others', () => {
  it('signs out every other session of the caller, keeps the current one and other users alone, audited', async () => {
    const user = await signedInUser()
    const phone = await anotherSession(user.user.id, { userAgent: CHROME_ANDROID })
    const laptop = await anotherSession(user.user.id, { userAgent: FIREFOX_WINDOWS })
    const stranger = await signedInUser()
    for (const token of [phone.token, laptop.token, user.token]) expect((await me(token)).status).toBe(200)

    const res = await api('/accounts/sessions/revoke-others', { method: 'POST', token: user.token })
    expect(res.status).toBe(200)
    expect((await res.json()) as RevokedSessions).toEqual({ revoked: 2, message: 'Signed out 2 other sessions.' })
    expect((await me(phone.token)).status).toBe(401)
    expect((await me(laptop.token)).status).toBe(401)
    expect((await me(user.token)).status).toBe(200)
    expect((await me(stranger.token)).status).toBe(200)
    expect((await listOf(user.token)).content.map((s) => [s.id, s.current])).toEqual([[user.session.id, true]])

    const [audit] = await auditRows('OTHER_SESSIONS_REVOKED', user.user.id)
    expect(audit).toMatchObject({ resource: 'user', actorId: user.user.id })
    expect(audit!.after).toMatchObject({ revoked: 2 })

    // Nothing left to sign out: nothing changes, nothing more is audited.
    const again = await api('/accounts/sessions/revoke-others', { method: 'POST', token: user.token })
    expect((await again.json()) as RevokedSessions).toMatchObject({ revoked: 0 })
    expect(await auditRows('OTHER_SESSIONS_REVOKED', user.user.id)).toHaveLength(1)
  })
})

describe('the new-device mail', () => {
  it('mails a staff user once for a new device, not again for the same device (a browser update included)', async () => {
    const staff = await userWithPassword({ staffRole: 'APPROVER' })
    await logIn(staff.user.email, CHROME_ANDROID)
    let mails = await newDeviceMails(staff.user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('New sign-in to your KYC Portal staff account')
    expect(mails[0]!.text).toContain('Chrome on Android')
    expect(mails[0]!.text).toContain('Sign out everywhere else')
    expect(mails[0]!.text).toMatch(/change your password/)
    expect(mails[0]!.text).toContain('/profile')
    expect(mails[0]!.text).toMatch(/\d{1,2}:\d{2}(AM|PM)/)

    await logIn(staff.user.email, CHROME_ANDROID_UPDATED)
    expect(await newDeviceMails(staff.user.email)).toHaveLength(1)

    const laptop = await logIn(staff.user.email, FIREFOX_WINDOWS)
    mails = await newDeviceMails(staff.user.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.text).toContain('Firefox on Windows')

    // The notice is audited with the sign-in's session.
    const [current] = (await listOf(laptop)).content.filter((s) => s.current)
    expect(await auditRows('NEW_DEVICE_NOTICE', current!.id)).toHaveLength(1)
  })

  it.skipIf(!!apiServerKind)('names the address, and a known device from a new address is new', async () => {
    const staff = await userWithPassword({ staffRole: 'APPROVER' })
    await logIn(staff.user.email, CHROME_ANDROID, '198.51.100.21')
    await logIn(staff.user.email, CHROME_ANDROID, '198.51.100.21')
    expect(await newDeviceMails(staff.user.email)).toHaveLength(1)
    await logIn(staff.user.email, CHROME_ANDROID, '203.0.113.44')
    const mails = await newDeviceMails(staff.user.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.text).toContain('203.0.113.44')
  })

  it('forgets devices after 90 days', async () => {
    const staff = await userWithPassword({ staffRole: 'APPROVER' })
    await logIn(staff.user.email, CHROME_ANDROID)
    const db = await getDb()
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 91 * 86_400_000) })
      .where(eq(sessions.userId, staff.user.id))
    await logIn(staff.user.email, CHROME_ANDROID)
    expect(await newDeviceMails(staff.user.email)).toHaveLength(2)
  })

  it('is not sent to business users', async () => {
    const owner = await userWithPassword({ businesses: [{}] })
    await logIn(owner.user.email, CHROME_ANDROID)
    await logIn(owner.user.email, FIREFOX_WINDOWS)
    expect(await newDeviceMails(owner.user.email)).toEqual([])
  })
})
