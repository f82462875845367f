import { beforeAll, describe, expect, it } from 'vitest'
import { businessCalendar, dueAt, lagosDay, startOfLagosDay } from '@/lib/format/business-days'
import { addIsoDays } from '@/lib/format/iso-day'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { auditRows, businessWithKyc, insertDocument, json, post, put } from './staff-review-fixtures'

let supervisor: Awaited<ReturnType<typeof signedInUser>>
let otherSupervisor: Awaited<ReturnType<typeof signedInUser>>
let approver: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  otherSupervisor = await signedInUser({ staffRole: 'SUPER_ADMIN' })
  approver = await signedInUser({ staffRole: 'APPROVER' })
})

const DAY = 86_400_000
type Row = { id: string; name: string; dueAt: string; dueStatus: string }
type Page<T> = { content: T[] }

/** A business waiting in the review queue since `enteredAt` (no completion audit: its creation counts). */
const queued = (enteredAt: Date) =>
  createTestBusiness({ approvalStatus: 'PENDING', kycDetailsCompleted: true, createdAt: enteredAt })

async function reviewRow(business: { name: string }, query = '') {
  const page = await json<Page<Row>>(
    await api(`/businesses/for-approval?businessName=${encodeURIComponent(business.name)}${query}`, { token: approver.token }),
  )
  return page.content[0]
}

async function targetOf(queue: string) {
  const levels = await json<{ queue: string; targetBusinessDays: number }[]>(
    await api('/service-levels', { token: approver.token }),
  )
  return levels.find((l) => l.queue === queue)!.targetBusinessDays
}

describe('due times on the queues', () => {
  it('business review: due after the target in business days, with the status, filtered by it', async () => {
    const old = await queued(new Date(Date.now() - 30 * DAY))
    const fresh = await queued(new Date())
    const target = await targetOf('BUSINESS_REVIEW')
    const oldRow = await reviewRow(old)
    expect(new Date(oldRow!.dueAt).getTime()).toBe(dueAt(old.createdAt, target, businessCalendar()).getTime())
    expect(oldRow!.dueStatus).toBe('OVERDUE')
    const freshRow = await reviewRow(fresh)
    expect(new Date(freshRow!.dueAt).getTime()).toBe(dueAt(fresh.createdAt, target, businessCalendar()).getTime())
    expect(freshRow!.dueStatus).toBe(target > 1 ? 'ON_TIME' : expect.any(String))

    expect(await reviewRow(old, '&due=OVERDUE')).toBeDefined()
    expect(await reviewRow(old, '&due=ON_TIME')).toBeUndefined()
    expect(await reviewRow(fresh, '&due=OVERDUE')).toBeUndefined()
    expect(await reviewRow(fresh, `&due=${freshRow!.dueStatus}`)).toBeDefined()
  })

  it('CAC documents: a record waiting carries its due time from the latest upload; sorted and filtered by it', async () => {
    const setup = await businessWithKyc()
    const uploaded = new Date(Date.now() - 20 * DAY)
    const base = { businessId: setup.business.id, kycDetailsId: setup.kycDetailsId, createdAt: uploaded }
    await insertDocument({ ...base, code: 'CERTIFICATE_OF_INCORPORATION' })
    await insertDocument({ ...base, code: 'CAC_2' })
    const name = encodeURIComponent(setup.business.name)
    const page = await json<Page<{ kycDetailsId: string; dueAt: string; dueStatus: string }>>(
      await api(`/kyc/cac-documents-for-reviews?businessName=${name}`, { token: approver.token }),
    )
    const target = await targetOf('CAC_DOCUMENTS')
    expect(page.content[0]).toMatchObject({
      kycDetailsId: setup.kycDetailsId,
      dueAt: dueAt(uploaded, target, businessCalendar()).toISOString(),
      dueStatus: 'OVERDUE',
    })
    const overdue = await json<Page<{ kycDetailsId: string }>>(
      await api(`/kyc/cac-documents-for-reviews?businessName=${name}&due=OVERDUE&sort=dueAt,asc`, { token: approver.token }),
    )
    expect(overdue.content.map((r) => r.kycDetailsId)).toEqual([setup.kycDetailsId])
    const onTime = await json<Page<unknown>>(
      await api(`/kyc/cac-documents-for-reviews?businessName=${name}&due=ON_TIME`, { token: approver.token }),
    )
    expect(onTime.content).toEqual([])
  })

  it('authorizations: a pending one is due after its target; sorted by due time, oldest first', async () => {
    const requested = await json<{ id: string }>(
      await put('/service-levels/SUPPORT_INQUIRIES', supervisor.token, {
        targetBusinessDays: 4,
        autoAssign: false,
        reason: 'More time for inquiries',
      }),
      202,
    )
    const page = await json<
      Page<{ id: string; status: string; dueAt: string | null; dueStatus: string | null; createdAt: string }>
    >(await api('/authorizations/v2?sort=dueAt,asc&pageSize=100', { token: supervisor.token }))
    expect(page.content.every((r) => r.status === 'PENDING')).toBe(true)
    const mine = page.content.find((r) => r.id === requested.id)!
    const target = await targetOf('AUTHORIZATIONS')
    expect(mine.dueAt).toBe(dueAt(new Date(mine.createdAt), target, businessCalendar()).toISOString())
    const dues = page.content.map((r) => r.dueAt!)
    expect([...dues].sort()).toEqual(dues)
    const overdue = await json<Page<{ id: string }>>(await api('/authorizations/v2?due=OVERDUE', { token: supervisor.token }))
    expect(overdue.content.map((r) => r.id)).not.toContain(requested.id)
    // Decline it: the others in this file change targets.
    await json(await put(`/authorizations/${requested.id}`, otherSupervisor.token, { decision: 'DECLINED', comment: 'Not now' }))
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const bad = async (res: Response, field: string) => {
      expect(res.status).toBe(400)
      expect((await errorsOf(res)).map((e: { field?: string }) => e.field)).toContain(field)
    }
    await bad(await api('/businesses/for-approval?due=LATE', { token: approver.token }), 'due')
    await bad(await api('/kyc/cac-documents-for-reviews?due=soon', { token: approver.token }), 'due')
    await bad(await api('/authorizations/v2?sort=due', { token: supervisor.token }), 'sort')
    await bad(
      await put('/service-levels/NOT_A_QUEUE', supervisor.token, {
        targetBusinessDays: 2,
        autoAssign: false,
        reason: 'x'.repeat(5),
      }),
      'queue',
    )
    await bad(
      await put('/service-levels/BUSINESS_REVIEW', supervisor.token, {
        targetBusinessDays: 0,
        autoAssign: false,
        reason: 'Faster',
      }),
      'targetBusinessDays',
    )
    await bad(await post('/service-levels/holidays', supervisor.token, { day: '2026-02-30', name: 'Declared' }), 'day')
    await bad(await api('/service-levels/holidays?year=abc', { token: supervisor.token }), 'year')
  })
})

describe('targets through four-eyes', () => {
  it('a target change waits for a second supervisor, then moves every due time', async () => {
    const business = await queued(new Date(Date.now() - 2 * DAY))
    const before = await targetOf('BUSINESS_REVIEW')
    const next = before === 7 ? 8 : 7
    const pending = await json<{ id: string; type: string }>(
      await put('/service-levels/BUSINESS_REVIEW', supervisor.token, {
        targetBusinessDays: next,
        autoAssign: false,
        reason: 'Backlog',
      }),
      202,
    )
    expect(pending.type).toBe('SERVICE_LEVEL')
    expect(await targetOf('BUSINESS_REVIEW')).toBe(before)
    expect((await put(`/authorizations/${pending.id}`, supervisor.token, { decision: 'APPROVED' })).status).toBe(403)
    await json(await put(`/authorizations/${pending.id}`, otherSupervisor.token, { decision: 'APPROVED' }))
    expect(await targetOf('BUSINESS_REVIEW')).toBe(next)
    const row = await reviewRow(business)
    expect(new Date(row!.dueAt).getTime()).toBe(dueAt(business.createdAt, next, businessCalendar()).getTime())
    expect(await auditRows('BUSINESS_REVIEW', 'UPDATE')).toHaveLength(1)
  })

  it('lists the waiting change on its queue, refuses a second one and a change of nothing; the checker reads before and after', async () => {
    type Level = {
      queue: string
      targetBusinessDays: number
      autoAssign: boolean
      pending: { authorizationId: string; targetBusinessDays: number; autoAssign: boolean; requestedBy: string } | null
    }
    const levels = async () => json<Level[]>(await api('/service-levels', { token: approver.token }))
    const before = (await levels()).find((l) => l.queue === 'SCREENING_HITS')!
    expect(before.pending).toBeNull()

    const unchanged = await put('/service-levels/SCREENING_HITS', supervisor.token, {
      targetBusinessDays: before.targetBusinessDays,
      autoAssign: before.autoAssign,
      reason: 'Nothing new',
    })
    expect(unchanged.status).toBe(400)
    expect(await errorsOf(unchanged)).toContainEqual(
      expect.objectContaining({ field: 'targetBusinessDays', message: expect.stringContaining('This changes nothing') }),
    )

    const next = before.targetBusinessDays + 2
    const pending = await json<{ id: string }>(
      await put('/service-levels/SCREENING_HITS', supervisor.token, {
        targetBusinessDays: next,
        autoAssign: !before.autoAssign,
        reason: 'Hits pile up on Mondays',
      }),
      202,
    )
    const listed = (await levels()).find((l) => l.queue === 'SCREENING_HITS')!
    expect(listed).toMatchObject({
      targetBusinessDays: before.targetBusinessDays,
      pending: {
        authorizationId: pending.id,
        targetBusinessDays: next,
        autoAssign: !before.autoAssign,
        requestedBy: 'Test User',
      },
    })
    expect((await levels()).filter((l) => l.pending)).toHaveLength(1)

    // One request per queue at a time.
    const second = await put('/service-levels/SCREENING_HITS', otherSupervisor.token, {
      targetBusinessDays: next + 1,
      autoAssign: false,
      reason: 'Another idea',
    })
    expect(second.status).toBe(409)

    // The checker sees the queue and its level before and after, in words; the request says what it asks for.
    const detail = await json<{ title?: string; target: string; diff: { label: string; before: string; after: string }[] }>(
      await api(`/authorizations/${pending.id}`, { token: otherSupervisor.token }),
    )
    const words = (days: number, on: boolean) =>
      `${days} business day${days === 1 ? '' : 's'}, auto-assignment ${on ? 'on' : 'off'}`
    expect(detail.target).toBe('Screening hits')
    expect(detail.diff).toEqual([
      expect.objectContaining({
        field: 'SCREENING_HITS',
        label: 'Screening hits',
        before: words(before.targetBusinessDays, before.autoAssign),
        after: words(next, !before.autoAssign),
      }),
    ])
    const waiting = await json<{ id: string; what: string }[]>(
      await api('/authorizations/pending?resource=setting', { token: supervisor.token }),
    )
    expect(waiting.find((w) => w.id === pending.id)?.what).toBe(
      `change the service level of the Screening hits queue to ${words(next, !before.autoAssign)}`,
    )

    await json(await put(`/authorizations/${pending.id}`, otherSupervisor.token, { decision: 'DECLINED', comment: 'Not now' }))
    expect((await levels()).find((l) => l.queue === 'SCREENING_HITS')).toMatchObject({
      targetBusinessDays: before.targetBusinessDays,
      pending: null,
    })
  })

  it('refuses a change from someone who does not supervise the queues', async () => {
    const res = await put('/service-levels/BUSINESS_REVIEW', approver.token, {
      targetBusinessDays: 2,
      autoAssign: false,
      reason: 'Faster',
    })
    expect(res.status).toBe(403)
  })
})

describe('holidays staff add', () => {
  it('an added holiday is not a business day: due times move past it; audited; a second add is 409', async () => {
    const business = await queued(new Date())
    const target = await targetOf('BUSINESS_REVIEW')
    const plainDue = dueAt(business.createdAt, target, businessCalendar())
    // Declare the last business day before the due time a holiday: the item is due one business day later.
    const declared = addIsoDays(lagosDay(plainDue), -1)
    const added = await json<{ day: string; source: string }[]>(
      await post('/service-levels/holidays', supervisor.token, { day: declared, name: 'Declared public holiday' }),
      201,
    )
    expect(added).toContainEqual(expect.objectContaining({ day: declared, source: 'ADDED' }))
    const row = await reviewRow(business)
    const shifted = dueAt(business.createdAt, target, businessCalendar(new Map([[declared, 'Declared']])))
    expect(new Date(row!.dueAt).getTime()).toBe(shifted.getTime())
    expect(shifted.getTime()).toBeGreaterThan(plainDue.getTime())
    expect(startOfLagosDay(lagosDay(shifted)).getTime()).toBe(shifted.getTime())
    expect(await auditRows(declared, 'CREATE')).toHaveLength(1)

    expect((await post('/service-levels/holidays', supervisor.token, { day: declared, name: 'Again' })).status).toBe(409)
    expect((await post('/service-levels/holidays', supervisor.token, { day: '2026-12-25', name: 'Christmas' })).status).toBe(409)
    expect((await post('/service-levels/holidays', approver.token, { day: '2027-03-03', name: 'Declared' })).status).toBe(403)

    const removed = await api(`/service-levels/holidays/${declared}`, { method: 'DELETE', token: supervisor.token })
    expect(removed.status).toBe(200)
    expect(new Date((await reviewRow(business))!.dueAt).getTime()).toBe(plainDue.getTime())
    expect(await auditRows(declared, 'DELETE')).toHaveLength(1)
  })

  it("lists the year's public holidays beside the added ones, by day, to any staff member", async () => {
    const added = await json<unknown[]>(
      await post('/service-levels/holidays', supervisor.token, { day: '2031-06-13', name: 'Declared by the government' }),
      201,
    )
    expect(added).toContainEqual({ day: '2031-06-13', name: 'Declared by the government', source: 'ADDED', addedBy: 'Test User' })
    const holidays = await json<{ day: string; name: string; source: string }[]>(
      await api('/service-levels/holidays?year=2031', { token: approver.token }),
    )
    expect(holidays).toEqual(added)
    expect(holidays).toContainEqual({ day: '2031-10-01', name: 'Independence Day', source: 'PUBLIC', addedBy: null })
    expect(holidays.map((h) => h.day)).toEqual(holidays.map((h) => h.day).sort())
    // Only that year's.
    expect(holidays.every((h) => h.day.startsWith('2031-'))).toBe(true)
    const otherYear = await json<{ day: string }[]>(await api('/service-levels/holidays?year=2030', { token: approver.token }))
    expect(otherYear.some((h) => h.day === '2031-06-13')).toBe(false)
    expect(otherYear).toContainEqual(expect.objectContaining({ day: '2030-06-12', name: 'Democracy Day', source: 'PUBLIC' }))

    // Staff only: a business's own user is refused, and so is a call without a session.
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/service-levels/holidays?year=2031', { token: owner.token })).status).toBe(403)
    expect((await api('/service-levels/holidays?year=2031')).status).toBe(401)
    expect((await api('/service-levels', { token: owner.token })).status).toBe(403)

    // A public holiday cannot be withdrawn; an added one can, once.
    expect((await api('/service-levels/holidays/2031-10-01', { method: 'DELETE', token: supervisor.token })).status).toBe(404)
    expect((await api('/service-levels/holidays/2031-06-13', { method: 'DELETE', token: approver.token })).status).toBe(403)
    const left = await json<{ day: string }[]>(
      await api('/service-levels/holidays/2031-06-13', { method: 'DELETE', token: supervisor.token }),
    )
    expect(left.some((h) => h.day === '2031-06-13')).toBe(false)
    expect((await api('/service-levels/holidays/2031-06-13', { method: 'DELETE', token: supervisor.token })).status).toBe(404)
  })
})
