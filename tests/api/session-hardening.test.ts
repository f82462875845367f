import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { sessions } from '@/server/db/schema'
import { api, signedInUser } from './helpers'

/** Issue 32, finding 10: a refreshed token revokes the one it replaces; staff sessions end after 20 idle minutes. */

const refresh = async (token: string) => {
  const res = await api('/accounts/refresh-token', { method: 'POST', token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { access_token: string }).access_token
}
const me = (token: string) => api('/accounts/me', { token })

/** The session as last used `minutesAgo` (touching `expires_at` too, so every process re-reads it, as a real gap would). */
async function lastSeen(sessionId: string, minutesAgo: number) {
  const db = await getDb()
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000), expiresAt: sql`${sessions.expiresAt}` })
    .where(eq(sessions.id, sessionId))
}

describe('token refresh', () => {
  it('revokes the token it replaces: the old one is refused (401), the new one works, and can be refreshed in turn', async () => {
    const { token: first } = await signedInUser()
    expect((await me(first)).status).toBe(200)
    const second = await refresh(first)
    expect(second).not.toBe(first)
    expect((await me(second)).status).toBe(200)
    expect((await me(first)).status).toBe(401)
    expect((await api('/accounts/refresh-token', { method: 'POST', token: first })).status).toBe(401)
    const third = await refresh(second)
    expect((await me(second)).status).toBe(401)
    expect((await me(third)).status).toBe(200)
  })
})

describe('staff idle timeout on the server', () => {
  it('ends a staff session unused for more than 20 minutes (revoked, so the page check refuses it too)', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    expect((await me(staff.token)).status).toBe(200)
    await lastSeen(staff.session.id, 19)
    expect((await me(staff.token)).status).toBe(200)
    await lastSeen(staff.session.id, 21)
    // Through the container's command the server is another process: it hears the change (LISTEN auth_epoch) a few
    // milliseconds after the commit, so a request sent at once may still meet its cached actor. Asked again until then.
    await expect.poll(async () => (await me(staff.token)).status, { timeout: 5_000, interval: 50 }).toBe(401)
    const db = await getDb()
    const [row] = await db.select().from(sessions).where(eq(sessions.id, staff.session.id))
    expect(row).toMatchObject({ revokedReason: 'idle timeout' })
    expect(row!.revokedAt).not.toBeNull()
    // Signing in again is the way back.
    expect((await me(staff.token)).status).toBe(401)
  })

  it('records activity: a staff session in use does not time out', async () => {
    const staff = await signedInUser({ staffRole: 'APPROVER' })
    await lastSeen(staff.session.id, 19)
    expect((await me(staff.token)).status).toBe(200)
    const db = await getDb()
    const [row] = await db.select().from(sessions).where(eq(sessions.id, staff.session.id))
    expect(Date.now() - row!.lastSeenAt.getTime()).toBeLessThan(60_000)
  })

  it('leaves business users to the session limit (no server idle timeout for them)', async () => {
    const owner = await signedInUser({ businesses: [{}] })
    await lastSeen(owner.session.id, 45)
    expect((await me(owner.token)).status).toBe(200)
  })
})
