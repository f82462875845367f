import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { businesses, deferrals, kycDocumentTypes, remindersSent } from '@/server/db/schema'
import { runReminders } from '@/server/modules/reminders/run-reminders'
import { api, createTestBusiness, latestMail, signedInUser } from './helpers'

/** Noon UTC on a day, so "N days before" never depends on the hour the suite runs. */
const day = (iso: string, hour = 12) => new Date(`${iso}T${String(hour).padStart(2, '0')}:00:00.000Z`)
const shift = (iso: string, days: number) => new Date(day(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10)

async function run(now: Date) {
  return runReminders({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT, now })
}
const sentFor = (result: Awaited<ReturnType<typeof run>>, itemId: string) => result.sent.filter((s) => s.itemId === itemId)

let documentTypeId: string

beforeAll(async () => {
  const db = await getDb()
  documentTypeId = (await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(1))[0]!.id
})

/** An approved business with an owner, due for recertification on `due`. */
async function recertifying(due: string, overrides: Partial<typeof businesses.$inferInsert> = {}) {
  const business = await createTestBusiness({
    approvalStatus: 'APPROVED',
    kycDetailsCompleted: true,
    approvedAt: new Date(),
    recertificationDate: due,
    ...overrides,
  })
  const owner = await signedInUser({ businesses: [{ businessId: business.id }] })
  return { business, owner }
}

describe('due-date reminders', () => {
  it('e-mails the owners of a recertification 3 days before it falls due, and never twice for that date', async () => {
    const due = '2031-03-10'
    const { business, owner } = await recertifying(due)
    expect(sentFor(await run(day(shift(due, -4))), business.id)).toEqual([])

    const first = await run(day(shift(due, -3), 6))
    expect(sentFor(first, business.id)).toEqual([
      {
        kind: 'RECERTIFICATION',
        itemId: business.id,
        businessId: business.id,
        businessName: business.name,
        dueDate: due,
        recipients: [owner.user.email],
      },
    ])
    const mail = await latestMail(owner.user.email, 'due-reminder')
    expect(mail?.subject).toContain('10-Mar-2031')
    expect(mail?.text).toContain(business.name)

    expect(sentFor(await run(day(shift(due, -3), 20)), business.id)).toEqual([])
    expect(sentFor(await run(day(shift(due, -2))), business.id)).toEqual([])
    expect(sentFor(await run(day(shift(due, -1))), business.id)).toEqual([])
    const db = await getDb()
    expect(await db.select().from(remindersSent).where(eq(remindersSent.itemId, business.id))).toHaveLength(1)

    // A new date is a new deadline: reminded again, once.
    const moved = '2031-06-01'
    await db.update(businesses).set({ recertificationDate: moved }).where(eq(businesses.id, business.id))
    expect(sentFor(await run(day(shift(moved, -3))), business.id)).toHaveLength(1)
    expect(sentFor(await run(day(shift(moved, -3))), business.id)).toHaveLength(0)
  })

  it('still reminds after a missed day (due in 2 days, nothing sent yet), but not once the date has come', async () => {
    const { business: missed } = await recertifying('2032-01-20')
    expect(sentFor(await run(day('2032-01-18')), missed.id)).toHaveLength(1)
    const { business: dueToday } = await recertifying('2032-02-20')
    expect(sentFor(await run(day('2032-02-20')), dueToday.id)).toEqual([])
  })

  it('reminds the owners of an approved deferral 3 days before its due date, not pending or fulfilled ones', async () => {
    const { business, owner } = await recertifying('2040-01-01')
    const db = await getDb()
    const due = '2033-05-15'
    const values = { businessId: business.id, documentTypeId, days: 30, reason: 'Awaiting the CAC', dueDate: day(due, 15) }
    const [approved] = await db
      .insert(deferrals)
      .values({ ...values, status: 'APPROVED' })
      .returning()
    const [fulfilled] = await db
      .insert(deferrals)
      .values({ ...values, status: 'FULFILLED', documentTypeId: (await otherType())! })
      .returning()
    expect(sentFor(await run(day(shift(due, -4))), approved!.id)).toEqual([])
    const result = await run(day(shift(due, -3), 1))
    expect(sentFor(result, approved!.id)).toEqual([
      expect.objectContaining({ kind: 'DEFERRAL', businessId: business.id, dueDate: due, recipients: [owner.user.email] }),
    ])
    expect(sentFor(result, fulfilled!.id)).toEqual([])
    expect((await latestMail(owner.user.email, 'due-reminder'))?.text).toContain('deferred document')
    expect(sentFor(await run(day(shift(due, -2))), approved!.id)).toEqual([])
  })

  it('leaves archived businesses and businesses not approved alone', async () => {
    const { business: archived } = await recertifying('2034-02-10', { archiveStatus: 'ARCHIVED' })
    const { business: declined } = await recertifying('2034-02-10', { approvalStatus: 'DECLINED' })
    const result = await run(day('2034-02-07'))
    expect(sentFor(result, archived.id)).toEqual([])
    expect(sentFor(result, declined.id)).toEqual([])
  })

  it('two overlapping runs send each reminder once', async () => {
    const { business } = await recertifying('2035-07-07')
    const [a, b] = await Promise.all([run(day('2035-07-04')), run(day('2035-07-04'))])
    expect(sentFor(a, business.id).length + sentFor(b, business.id).length).toBe(1)
  })

  it('POST /reminders/run is for staff who look after businesses', async () => {
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const res = await api('/reminders/run', { method: 'POST', token: officer.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ ranAt: expect.any(String), sent: expect.any(Array) })
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await api('/reminders/run', { method: 'POST', token: auditor.token })).status).toBe(403)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/reminders/run', { method: 'POST', token: owner.token })).status).toBe(403)
    expect((await api('/reminders/run', { method: 'POST' })).status).toBe(401)
  })
})

async function otherType() {
  const db = await getDb()
  const types = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(2)
  return types.find((t) => t.id !== documentTypeId)?.id
}
