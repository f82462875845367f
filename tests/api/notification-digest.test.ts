import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { notifications } from '@/server/db/schema'
import { runNotificationDigests } from '@/server/modules/notifications/send-digests'
import { api, createTestBusiness, mailsTo, signedInUser } from './helpers'
import { notify } from './notification-fixtures'

/** docs/notifications.md#e-mail-digest: the kinds a user chose, one mail for several, at most one an hour. */

const HOUR = 3_600_000

async function userChoosing(emailKinds: string[]) {
  const user = await signedInUser({ staffRole: 'APPROVER' })
  const res = await api('/notifications/settings', { method: 'PUT', token: user.token, json: { emailKinds } })
  expect(res.status).toBe(200)
  return user
}

const digests = async (email: string) => (await mailsTo(email)).filter((m) => m.template === 'notification-digest')

describe('the e-mail digest', () => {
  it('sends one mail for several notifications of the chosen kinds, and leaves the other kinds out', async () => {
    const business = await createTestBusiness()
    const user = await userChoosing(['MENTION', 'SCREENING_HIT'])
    const t0 = new Date(Date.now() + 10 * HOUR)
    await notify({ userIds: [user.user.id], businessId: business.id, kind: 'MENTION', title: 'Mentioned on Alpha', now: t0 })
    await notify({
      userIds: [user.user.id],
      businessId: business.id,
      kind: 'SCREENING_HIT',
      title: 'Candidate on Alpha',
      now: t0,
    })
    await notify({ userIds: [user.user.id], businessId: business.id, kind: 'ASSIGNED', title: 'Assigned Alpha', now: t0 })
    await runNotificationDigests({ db: await getDb(), now: t0 })

    const mails = await digests(user.user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toContain('2 new notifications')
    expect(mails[0]!.text).toContain('Mentioned on Alpha')
    expect(mails[0]!.text).toContain('Candidate on Alpha')
    expect(mails[0]!.text).not.toContain('Assigned Alpha')
    expect(mails[0]!.text).toContain(`/s/admin/approvals/business/business-preview?id=${business.id}`)
  })

  it('sends at most one an hour: notifications in between wait for the next hour, then go together', async () => {
    const user = await userChoosing(['DECISION'])
    const t0 = new Date(Date.now() + 20 * HOUR)
    const db = await getDb()
    await notify({ userIds: [user.user.id], kind: 'DECISION', title: 'First decision', now: t0 })
    await runNotificationDigests({ db, now: t0 })
    expect(await digests(user.user.email)).toHaveLength(1)

    await notify({ userIds: [user.user.id], kind: 'DECISION', title: 'Second decision', now: new Date(t0.getTime() + 60_000) })
    await notify({ userIds: [user.user.id], kind: 'DECISION', title: 'Third decision', now: new Date(t0.getTime() + 120_000) })
    await runNotificationDigests({ db, now: new Date(t0.getTime() + 30 * 60_000) })
    await runNotificationDigests({ db, now: new Date(t0.getTime() + HOUR - 1000) })
    expect(await digests(user.user.email)).toHaveLength(1)

    await runNotificationDigests({ db, now: new Date(t0.getTime() + HOUR) })
    const mails = await digests(user.user.email)
    expect(mails).toHaveLength(2)
    expect(mails[0]!.text).toContain('Second decision')
    expect(mails[0]!.text).toContain('Third decision')
    expect(mails[0]!.text).not.toContain('First decision')
  })

  it('two runs at once (two instances) send one digest', async () => {
    const user = await userChoosing(['ASSIGNED'])
    const t0 = new Date(Date.now() + 30 * HOUR)
    const db = await getDb()
    for (let i = 0; i < 3; i++) await notify({ userIds: [user.user.id], kind: 'ASSIGNED', title: `Item ${i}`, now: t0 })
    await Promise.all([runNotificationDigests({ db, now: t0 }), runNotificationDigests({ db, now: t0 })])
    expect(await digests(user.user.email)).toHaveLength(1)
  })

  it('nothing by mail without a choice, nor for what was read in the portal first', async () => {
    const nobody = await signedInUser({ staffRole: 'APPROVER' })
    const reader = await userChoosing(['ASSIGNED'])
    const t0 = new Date(Date.now() + 40 * HOUR)
    await notify({ userIds: [nobody.user.id, reader.user.id], kind: 'ASSIGNED', title: 'Read already', now: t0 })
    const db = await getDb()
    await db.update(notifications).set({ readAt: t0 }).where(eq(notifications.userId, reader.user.id))
    await runNotificationDigests({ db, now: t0 })
    expect(await digests(nobody.user.email)).toEqual([])
    expect(await digests(reader.user.email)).toEqual([])
  })
})
