import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { PERMISSIONS } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { businessUsers, userRoles, users } from '@/server/db/schema'
import { startApiServer, type RunningApiServer } from './api-server'
import { api, apiServerKind, createRole, signedInUser } from './helpers'

/**
 * The actor cache (server/auth/load-actor.ts) must not outlive a revocation: a logout, a disabled user or a changed
 * role holds on the very next request of the process that served the change, and within a second on a second server
 * process on the same PostgreSQL database (PGlite is one process: there the second server is skipped). The second
 * process is `server/main.ts` (the API on its own, `npm run api`), so that entry point is started and served from in
 * CI too; the first is the file's own server (the container's command in CI) or the app in process.
 */
const secondServerKind = process.env.DATABASE_URL ? 'node' : null
let second: Promise<RunningApiServer> | undefined
const secondServer = () => (second ??= startApiServer(secondServerKind!, process.env))

afterAll(async () => {
  if (second) await (await second).stop()
})

async function onSecond(path: string, token: string): Promise<Response> {
  const { baseUrl } = await secondServer()
  return fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })
}

/** Polls the second server until it answers `status`; fails after one second. */
async function secondAnswersWithinASecond(path: string, token: string, status: number) {
  const started = Date.now()
  let last = 0
  while (Date.now() - started <= 1000) {
    const response = await onSecond(path, token)
    await response.body?.cancel()
    last = response.status
    if (last === status) return Date.now() - started
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the second server still answered ${last} (not ${status}) one second after the change`)
}

/**
 * The first server refuses on its next request when it made the change or shares the test's process (in process on
 * PGlite). In the suite through a real server the test changes the database itself, so the server hears it through
 * LISTEN like any other process: within a second.
 */
async function firstRefuses(path: string, token: string, status: number) {
  if (!apiServerKind) return expect((await api(path, { token })).status).toBe(status)
  const started = Date.now()
  let last = 0
  while (Date.now() - started <= 1000) {
    last = (await api(path, { token })).status
    if (last === status) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the first server still answered ${last} (not ${status}) one second after the change`)
}

/** Both servers have served (and cached) the actor before the change. */
async function warm(path: string, token: string) {
  for (let i = 0; i < 2; i++) expect((await api(path, { token })).status).toBe(200)
  if (secondServerKind) for (let i = 0; i < 2; i++) expect((await onSecond(path, token)).status).toBe(200)
}

describe('revocation through the actor cache', () => {
  it('a logout ends the session on the next request, and on a second server within a second', async () => {
    const { token } = await signedInUser()
    await warm('/accounts/me', token)

    expect((await api('/accounts/logout', { method: 'POST', token })).status).toBe(200)
    expect((await api('/accounts/me', { token })).status).toBe(401)
    if (secondServerKind) expect(await secondAnswersWithinASecond('/accounts/me', token, 401)).toBeLessThanOrEqual(1000)
  })

  it('a disabled user is refused on the next request, and on a second server within a second', async () => {
    const { token, user } = await signedInUser()
    await warm('/accounts/me', token)

    const db = await getDb()
    await db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id))
    await firstRefuses('/accounts/me', token, 401)
    if (secondServerKind) await secondAnswersWithinASecond('/accounts/me', token, 401)
  })

  it('a business role without the read permission stops the read on the next request, and on a second server', async () => {
    const { token, user, businessIds } = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const path = `/businesses/${businessIds[0]}`
    await warm(path, token)

    const db = await getDb()
    const noRead = await createRole({ scope: 'business', permissions: [PERMISSIONS.CAN_UPDATE_BUSINESS] })
    await db.update(businessUsers).set({ roleId: noRead }).where(eq(businessUsers.userId, user.id))
    await firstRefuses(path, token, 403)
    if (secondServerKind) await secondAnswersWithinASecond(path, token, 403)
  })

  it('a staff role taken away stops the staff list on the next request, and on a second server', async () => {
    const { token, user } = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const path = '/businesses?pageSize=5'
    await warm(path, token)

    const db = await getDb()
    await db.delete(userRoles).where(eq(userRoles.userId, user.id))
    await firstRefuses(path, token, 403)
    if (secondServerKind) await secondAnswersWithinASecond(path, token, 403)
  })

  it('one session never answers for another: two users on one server each see only their own business', async () => {
    const a = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    const b = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    for (let i = 0; i < 2; i++) {
      expect((await api(`/businesses/${a.businessIds[0]}`, { token: a.token })).status).toBe(200)
      expect((await api(`/businesses/${b.businessIds[0]}`, { token: b.token })).status).toBe(200)
      expect((await api(`/businesses/${b.businessIds[0]}`, { token: a.token })).status).toBe(404)
      expect((await api(`/businesses/${a.businessIds[0]}`, { token: b.token })).status).toBe(404)
    }
  })
})
