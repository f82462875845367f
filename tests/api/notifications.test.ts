import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, userRoles } from '@/server/db/schema'
import { api, createRole, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { listNotifications, notify, unreadCount } from './notification-fixtures'

/** docs/notifications.md: the signed-in user's notifications, scoped to what they may read. */

describe('GET /notifications', () => {
  it('lists the signed-in user’s own, newest first, with the unread count; never someone else’s', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    const other = await signedInUser({ staffRole: 'APPROVER' })
    const business = await createTestBusiness()
    await notify({ userIds: [me.user.id], businessId: business.id, title: 'First', now: new Date(Date.now() - 2000) })
    await notify({ userIds: [me.user.id], businessId: business.id, title: 'Second', now: new Date(Date.now() - 1000) })
    await notify({ userIds: [other.user.id], businessId: business.id, title: 'Not mine' })

    const page = await listNotifications(me.token)
    expect(page.items.map((n) => n.title)).toEqual(['Second', 'First'])
    expect(page.items[0]).toMatchObject({ kind: 'ASSIGNED', businessId: business.id, readAt: null })
    expect(await unreadCount(me.token)).toBe(2)
    expect(await unreadCount(other.token)).toBe(1)
  })

  it('pages by keyset: nextCursor gives the older ones, null on the last page; a forged cursor is a 400 naming it', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    const base = Date.now() - 10_000
    for (let i = 0; i < 5; i++) await notify({ userIds: [me.user.id], title: `N${i}`, now: new Date(base + i * 100) })
    const first = await listNotifications(me.token, '?pageSize=2')
    expect(first.items.map((n) => n.title)).toEqual(['N4', 'N3'])
    const second = await listNotifications(me.token, `?pageSize=2&before=${first.nextCursor}`)
    expect(second.items.map((n) => n.title)).toEqual(['N2', 'N1'])
    const third = await listNotifications(me.token, `?pageSize=2&before=${second.nextCursor}`)
    expect(third.items.map((n) => n.title)).toEqual(['N0'])
    expect(third.nextCursor).toBeNull()

    const bad = await api('/notifications?before=bm90LWEtY3Vyc29y', { token: me.token })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]).toMatchObject({ field: 'before' })
    expect((await api('/notifications?pageSize=500', { token: me.token })).status).toBe(400)
  })

  it('unread=true keeps the unread ones; marking one read lowers the count and is not audited', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    await notify({ userIds: [me.user.id], title: 'A' })
    await notify({ userIds: [me.user.id], title: 'B' })
    const [b] = (await listNotifications(me.token)).items
    const res = await api(`/notifications/${b!.id}/read`, { method: 'POST', token: me.token })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { readAt: string | null }).readAt).not.toBeNull()
    expect(await unreadCount(me.token)).toBe(1)
    expect((await listNotifications(me.token, '?unread=true')).items.map((n) => n.title)).toEqual(['A'])
    // Again: no change, still 200.
    expect((await api(`/notifications/${b!.id}/read`, { method: 'POST', token: me.token })).status).toBe(200)
    const db = await getDb()
    expect(await db.select().from(audits).where(eq(audits.actorId, me.user.id))).toEqual([])
  })

  it('someone else’s notification is a 404 to mark read, and stays unread', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    const other = await signedInUser({ staffRole: 'APPROVER' })
    await notify({ userIds: [other.user.id], title: 'Theirs' })
    const [theirs] = (await listNotifications(other.token)).items
    const res = await api(`/notifications/${theirs!.id}/read`, { method: 'POST', token: me.token })
    expect(res.status).toBe(404)
    expect(await unreadCount(other.token)).toBe(1)
  })

  it('read-all marks every unread one of the user only', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    const other = await signedInUser({ staffRole: 'APPROVER' })
    await notify({ userIds: [me.user.id, other.user.id], title: 'Both' })
    await notify({ userIds: [me.user.id], title: 'Mine' })
    const res = await api('/notifications/read-all', { method: 'POST', token: me.token })
    expect(await res.json()).toEqual({ marked: 2 })
    expect(await unreadCount(me.token)).toBe(0)
    expect(await unreadCount(other.token)).toBe(1)
  })

  it('needs a signed-in user', async () => {
    expect((await api('/notifications')).status).toBe(401)
    expect((await api('/notifications/unread-count')).status).toBe(401)
  })
})

describe('scoping (docs/notifications.md#scoping)', () => {
  it('at creation: only readers of the business are told; the others are named as refused', async () => {
    const business = await createTestBusiness()
    const reader = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS'] })
    const nonReader = await signedInUser({ staffPermissions: ['CAN_AUDIT_SYSTEM'] })
    const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
    const outsider = await signedInUser({ businesses: [{}] })
    const disabled = await signedInUser({ staffRole: 'APPROVER', status: 'DISABLED' })

    const result = await notify({
      userIds: [reader.user.id, nonReader.user.id, owner.user.id, outsider.user.id, disabled.user.id],
      businessId: business.id,
    })
    expect(result.notified.sort()).toEqual([reader.user.id, owner.user.id].sort())
    expect(result.refused.sort()).toEqual([nonReader.user.id, outsider.user.id, disabled.user.id].sort())
    expect(await unreadCount(nonReader.token)).toBe(0)
    expect(await unreadCount(outsider.token)).toBe(0)
    expect(await unreadCount(owner.token)).toBe(1)
  })

  it('a staff-only notification (membersRead false) does not reach the business’s own members', async () => {
    const business = await createTestBusiness()
    const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
    const result = await notify({ userIds: [owner.user.id], businessId: business.id, membersRead: false })
    expect(result.notified).toEqual([])
  })

  it('when listing: a reader who lost the permission no longer sees it (nor counts it, nor can mark it)', async () => {
    const business = await createTestBusiness()
    const reader = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS'] })
    await notify({ userIds: [reader.user.id], businessId: business.id, title: 'About the business' })
    await notify({ userIds: [reader.user.id], title: 'About nothing in particular' })
    const [about] = (await listNotifications(reader.token)).items.filter((n) => n.businessId)
    expect(about).toBeDefined()

    const db = await getDb()
    await db.delete(userRoles).where(eq(userRoles.userId, reader.user.id))
    await db
      .insert(userRoles)
      .values({ userId: reader.user.id, roleId: await createRole({ scope: 'staff', permissions: ['CAN_AUDIT_SYSTEM'] }) })
    const again = await api('/notifications', { token: reader.token })
    const titles = ((await again.json()) as { items: { title: string }[] }).items.map((n) => n.title)
    expect(titles).toEqual(['About nothing in particular'])
    expect(await unreadCount(reader.token)).toBe(1)
    expect((await api(`/notifications/${about!.id}/read`, { method: 'POST', token: reader.token })).status).toBe(404)
  })
})

describe('GET|PUT /notifications/settings', () => {
  it('starts with no kinds by e-mail; a choice is kept, audited, and a wrong kind is a 400 naming the field', async () => {
    const me = await signedInUser({ staffRole: 'APPROVER' })
    expect(await (await api('/notifications/settings', { token: me.token })).json()).toEqual({ emailKinds: [] })
    const put = await api('/notifications/settings', {
      method: 'PUT',
      token: me.token,
      json: { emailKinds: ['MENTION', 'MENTION', 'DECISION'] },
    })
    expect(put.status).toBe(200)
    expect(await put.json()).toEqual({ emailKinds: ['MENTION', 'DECISION'] })
    expect(await (await api('/notifications/settings', { token: me.token })).json()).toEqual({
      emailKinds: ['MENTION', 'DECISION'],
    })
    const db = await getDb()
    const [row] = await db.select().from(audits).where(eq(audits.actorId, me.user.id))
    expect(row).toMatchObject({ resource: 'user', action: 'UPDATE_NOTIFICATION_SETTINGS' })

    const bad = await api('/notifications/settings', { method: 'PUT', token: me.token, json: { emailKinds: ['NOPE'] } })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad))[0]!.field).toMatch(/^emailKinds/)
  })
})
