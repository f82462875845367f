import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { lagosDay } from '@/lib/format/business-days'
import { addIsoDays } from '@/lib/format/iso-day'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { businesses, onboardingProducts, queueServiceLevels } from '@/server/db/schema'
import { runAutoAssignment } from '@/server/modules/service-levels/assignment'
import { staffHolding } from '@/server/modules/service-levels/staff-pool'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { productOfRisk } from './risk-fixtures'
import { auditRows, insertProductApplication, json, post, put } from './staff-review-fixtures'

const DAY = 86_400_000
let supervisor: Awaited<ReturnType<typeof signedInUser>>
let onboarding: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  onboarding = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
})

const queued = (options: { daysAgo: number; createdBy?: string; assigneeId?: string }) =>
  createTestBusiness({
    approvalStatus: 'PENDING',
    kycDetailsCompleted: true,
    createdAt: new Date(Date.now() - options.daysAgo * DAY),
    createdBy: options.createdBy ?? null,
    assigneeId: options.assigneeId ?? null,
  })

async function assigneeOf(id: string) {
  const [row] = await (await getDb()).select({ assigneeId: businesses.assigneeId }).from(businesses).where(eq(businesses.id, id))
  return row!.assigneeId
}

/** Takes every unassigned business of the queue out of the way, so each test's own items are the oldest waiting. */
async function clearQueue() {
  const db = await getDb()
  await db.update(businesses).set({ approvalStatus: 'DECLINED' }).where(eq(businesses.approvalStatus, 'PENDING'))
}

type Item = { queue: string; itemId: string; assigneeId: string | null; dueAt: string; dueStatus: string }

describe('next item and claims', () => {
  it('takes the oldest due item the user may decide, never one they made, and keeps giving it until decided', async () => {
    await clearQueue()
    const reviewer = await signedInUser({ staffRole: 'APPROVER' })
    const madeByReviewer = await queued({ daysAgo: 20, createdBy: reviewer.user.id })
    const takenByOther = await queued({ daysAgo: 15, assigneeId: supervisor.user.id })
    const oldest = await queued({ daysAgo: 10 })
    await queued({ daysAgo: 5 })

    const first = await json<Item>(await post('/queues/BUSINESS_REVIEW/next', reviewer.token, {}))
    expect(first).toMatchObject({
      queue: 'BUSINESS_REVIEW',
      itemId: oldest.id,
      assigneeId: reviewer.user.id,
      dueStatus: 'OVERDUE',
    })
    expect(await assigneeOf(oldest.id)).toBe(reviewer.user.id)
    expect([madeByReviewer.id, takenByOther.id]).not.toContain(first.itemId)
    expect((await json<Item>(await post('/queues/BUSINESS_REVIEW/next', reviewer.token, {}))).itemId).toBe(oldest.id)
    expect(await auditRows(`BUSINESS_REVIEW:${oldest.id}`, 'TAKEN')).toHaveLength(1)

    // Someone without the deciding permission
    expect((await post('/queues/BUSINESS_REVIEW/next', onboarding.token, {})).status).toBe(403)
  })

  it('two reviewers asking at once get different items; two claims of one item: one winner, 409', async () => {
    await clearQueue()
    const [a, b] = [await signedInUser({ staffRole: 'APPROVER' }), await signedInUser({ staffRole: 'APPROVER' })]
    const one = await queued({ daysAgo: 9 })
    const two = await queued({ daysAgo: 8 })
    const [x, y] = await Promise.all([
      post('/queues/BUSINESS_REVIEW/next', a.token, {}).then((r) => json<Item>(r)),
      post('/queues/BUSINESS_REVIEW/next', b.token, {}).then((r) => json<Item>(r)),
    ])
    expect(new Set([x.itemId, y.itemId])).toEqual(new Set([one.id, two.id]))

    const three = await queued({ daysAgo: 3 })
    const claims = await Promise.all([
      post(`/queues/BUSINESS_REVIEW/items/${three.id}/claim`, a.token, {}),
      post(`/queues/BUSINESS_REVIEW/items/${three.id}/claim`, b.token, {}),
    ])
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409])
    expect((await post('/queues/BUSINESS_REVIEW/next', a.token, {})).status).toBe(200)
  })

  it('never gives an item to a member of its business: not as the next item, nor by a claim or an assignment', async () => {
    await clearQueue()
    const member = await queued({ daysAgo: 12 })
    const other = await queued({ daysAgo: 6 })
    // A reviewer who also belongs to the oldest business (a staff member's own company): its decision would refuse them.
    const reviewer = await signedInUser({ staffRole: 'APPROVER', businesses: [{ businessId: member.id }] })
    expect(await json<Item>(await post('/queues/BUSINESS_REVIEW/next', reviewer.token, {}))).toMatchObject({
      itemId: other.id,
      assigneeId: reviewer.user.id,
    })
    const claimed = await post(`/queues/BUSINESS_REVIEW/items/${member.id}/claim`, reviewer.token, {})
    expect(claimed.status).toBe(403)
    expect((await errorsOf(claimed))[0]).toMatchObject({ code: 'FOUR_EYES' })
    const given = await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
      itemIds: [member.id],
      userId: reviewer.user.id,
      reason: 'Try the member',
    })
    expect(given.status).toBe(400)
    expect((await errorsOf(given))[0]).toMatchObject({ field: 'userId' })
    expect(await assigneeOf(member.id)).toBeNull()
  })

  it('gives back the item a supervisor gave the reviewer before taking an older unassigned one', async () => {
    await clearQueue()
    const reviewer = await signedInUser({ staffRole: 'APPROVER' })
    const older = await queued({ daysAgo: 9 })
    const given = await queued({ daysAgo: 3 })
    await json(
      await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
        itemIds: [given.id],
        userId: reviewer.user.id,
        reason: 'Yours: you know this business',
      }),
    )
    expect(await json<Item>(await post('/queues/BUSINESS_REVIEW/next', reviewer.token, {}))).toMatchObject({
      itemId: given.id,
      assigneeId: reviewer.user.id,
    })
    expect(await assigneeOf(older.id)).toBeNull()
  })

  it('answers null when nothing is waiting', async () => {
    await clearQueue()
    const reviewer = await signedInUser({ staffRole: 'APPROVER' })
    expect(await json<null>(await post('/queues/BUSINESS_REVIEW/next', reviewer.token, {}))).toBeNull()
  })
})

describe('bulk assignment', () => {
  it('reassigns several items with a reason, each audited; refuses bad input naming the field', async () => {
    const from = await signedInUser({ staffRole: 'APPROVER' })
    const to = await signedInUser({ staffRole: 'APPROVER' })
    const items = [await queued({ daysAgo: 4, assigneeId: from.user.id }), await queued({ daysAgo: 2, assigneeId: from.user.id })]
    const result = await json<{ assigned: { itemId: string; previousAssigneeId: string }[] }>(
      await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
        itemIds: items.map((i) => i.id),
        userId: to.user.id,
        reason: 'Balancing the load',
      }),
    )
    expect(result.assigned).toEqual(items.map((i) => ({ itemId: i.id, previousAssigneeId: from.user.id })))
    for (const item of items) {
      expect(await assigneeOf(item.id)).toBe(to.user.id)
      const [audit] = await auditRows(`BUSINESS_REVIEW:${item.id}`, 'REASSIGNED')
      expect(audit?.after).toMatchObject({ assigneeId: to.user.id, reason: 'Balancing the load' })
      expect(audit?.actorId).toBe(supervisor.user.id)
    }

    const field = async (res: Response) => {
      expect(res.status).toBe(400)
      return (await errorsOf(res)).map((e: { field?: string }) => e.field)
    }
    const body = { itemIds: [items[0]!.id], userId: to.user.id, reason: 'Balancing' }
    expect(await field(await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, { ...body, itemIds: [] }))).toContain(
      'itemIds',
    )
    expect(await field(await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, { ...body, reason: '' }))).toContain(
      'reason',
    )
    expect(
      await field(await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, { ...body, userId: onboarding.user.id })),
    ).toContain('userId')
    expect(await field(await post('/queues/NOPE/assignments', supervisor.token, body))).toContain('queue')
    // The assignee made the business: four-eyes
    const made = await queued({ daysAgo: 1, createdBy: to.user.id })
    expect(
      await field(await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, { ...body, itemIds: [made.id] })),
    ).toContain('userId')
    // Decided meanwhile: 409, nothing changed
    await (await getDb()).update(businesses).set({ approvalStatus: 'APPROVED' }).where(eq(businesses.id, items[1]!.id))
    const gone = await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
      ...body,
      itemIds: [items[0]!.id, items[1]!.id],
      userId: from.user.id,
    })
    expect(gone.status).toBe(409)
    expect(await assigneeOf(items[0]!.id)).toBe(to.user.id)
    // Only supervisors
    expect((await post('/queues/BUSINESS_REVIEW/assignments', from.token, body)).status).toBe(403)
  })
})

describe('availability and round-robin', () => {
  it('an away reviewer gets no new items, sees their open ones offered, and cannot be assigned any', async () => {
    await clearQueue()
    const away = await signedInUser({ staffRole: 'APPROVER' })
    const held = await queued({ daysAgo: 6, assigneeId: away.user.id })
    const until = addIsoDays(lagosDay(new Date()), 7)
    const answer = await json<{ awayUntil: string; openItems: Item[] }>(
      await put('/service-levels/availability', away.token, { awayUntil: until }),
    )
    expect(answer.awayUntil).toBe(until)
    expect(answer.openItems.map((i) => i.itemId)).toContain(held.id)
    expect(await auditRows(away.user.id, 'AWAY')).toHaveLength(1)
    expect(
      (await errorsOf(await put('/service-levels/availability', away.token, { awayUntil: '2020-01-01' }))).map(
        (e: { field?: string }) => e.field,
      ),
    ).toContain('awayUntil')

    const refused = await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
      itemIds: [(await queued({ daysAgo: 1 })).id],
      userId: away.user.id,
      reason: 'Try the away one',
    })
    expect(refused.status).toBe(400)
    // Nor through the review's own assignee call (a colleague handing it over); the away reviewer may still take one.
    const colleague = await signedInUser({ staffRole: 'APPROVER' })
    const pending = await queued({ daysAgo: 1 })
    const handedOver = await put(`/businesses/${pending.id}/assignee`, colleague.token, { userId: away.user.id })
    expect(handedOver.status).toBe(400)
    expect((await errorsOf(handedOver))[0]).toMatchObject({ field: 'userId', message: `The assignee is away until ${until}` })
    expect(await assigneeOf(pending.id)).toBeNull()
    expect((await put(`/businesses/${pending.id}/assignee`, away.token, { userId: away.user.id })).status).toBe(200)

    // Auto-assignment on (straight in the table: the four-eyes path has its own test)
    const db = await getDb()
    await db
      .insert(queueServiceLevels)
      .values({ queue: 'BUSINESS_REVIEW', targetBusinessDays: 3, autoAssign: true })
      .onConflictDoUpdate({ target: queueServiceLevels.queue, set: { autoAssign: true } })
    const fresh = [await queued({ daysAgo: 3 }), await queued({ daysAgo: 2 }), await queued({ daysAgo: 1 })]
    const pool = await staffHolding(db, { permission: 'CAN_APPROVE_BUSINESS', available: true })
    expect(pool).not.toContain(away.user.id)
    const assigned = (await runAutoAssignment({ db, audit: SYSTEM_AUDIT_CONTEXT })).filter((a) => a.queue === 'BUSINESS_REVIEW')
    expect(assigned.map((a) => a.userId)).not.toContain(away.user.id)
    for (const business of fresh) expect(assigned.map((a) => a.itemId)).toContain(business.id)
    // Round-robin: each next assignee is the next in the pool (by id, wrapping round)
    for (let i = 1; i < assigned.length; i++) {
      const previous = pool.indexOf(assigned[i - 1]!.userId)
      expect(assigned[i]!.userId).toBe(pool[(previous + 1) % pool.length])
    }
    const [level] = await db.select().from(queueServiceLevels).where(eq(queueServiceLevels.queue, 'BUSINESS_REVIEW'))
    expect(level!.lastAssigneeId).toBe(assigned.at(-1)!.userId)
    // The next run starts after the last one given an item, and assigns nothing twice.
    const later = await queued({ daysAgo: 0 })
    const next = (await runAutoAssignment({ db, audit: SYSTEM_AUDIT_CONTEXT })).filter((a) => a.queue === 'BUSINESS_REVIEW')
    expect(next).toEqual([
      { queue: 'BUSINESS_REVIEW', itemId: later.id, userId: pool[(pool.indexOf(assigned.at(-1)!.userId) + 1) % pool.length] },
    ])
    expect(await auditRows(`BUSINESS_REVIEW:${later.id}`, 'AUTO_ASSIGNED')).toHaveLength(1)

    // Back: assignable again
    await json(await put('/service-levels/availability', away.token, { awayUntil: null }))
    expect(await staffHolding(db, { permission: 'CAN_APPROVE_BUSINESS', available: true })).toContain(away.user.id)
  })
})

describe('an item back in its queue', () => {
  it('waits unassigned again: its earlier holder no longer has it, another reviewer may claim it, the rota gives it out', async () => {
    const db = await getDb()
    const product = await productOfRisk('LOW')
    const [first, second] = [await signedInUser({ staffRole: 'APPROVER' }), await signedInUser({ staffRole: 'APPROVER' })]
    const application = () => insertProductApplication({ productId: product.id, submittedAt: new Date(Date.now() - 3 * DAY) })
    // Claimed, declined, then changed and submitted again by the business: back in the queue for a new turn.
    const backAgain = async (id: string) => {
      await db.update(onboardingProducts).set({ status: 'DECLINED', decidedAt: new Date() }).where(eq(onboardingProducts.id, id))
      await new Promise((resolve) => setTimeout(resolve, 5))
      await db
        .update(onboardingProducts)
        .set({ status: 'IN_REVIEW', submittedAt: new Date() })
        .where(eq(onboardingProducts.id, id))
    }
    const claim = (id: string, token: string) => post(`/queues/PRODUCT_APPLICATIONS/items/${id}/claim`, token, {})
    const openItemsOf = async (token: string) =>
      (await json<{ openItems: Item[] }>(await api('/service-levels/availability', { token }))).openItems.map((i) => i.itemId)

    const resubmitted = await application()
    expect((await claim(resubmitted, first.token)).status).toBe(200)
    expect(await openItemsOf(first.token)).toContain(resubmitted)
    await backAgain(resubmitted)
    expect(await openItemsOf(first.token)).not.toContain(resubmitted)
    const taken = await claim(resubmitted, second.token)
    expect(taken.status).toBe(200)
    expect(await json<Item>(taken)).toMatchObject({ itemId: resubmitted, assigneeId: second.user.id })
    // This turn is the second reviewer's: the first one's claim now loses.
    expect((await claim(resubmitted, first.token)).status).toBe(409)

    const forTheRota = await application()
    expect((await claim(forTheRota, first.token)).status).toBe(200)
    await backAgain(forTheRota)
    await db
      .insert(queueServiceLevels)
      .values({ queue: 'PRODUCT_APPLICATIONS', targetBusinessDays: 3, autoAssign: true })
      .onConflictDoUpdate({ target: queueServiceLevels.queue, set: { autoAssign: true } })
    const assigned = await runAutoAssignment({ db, audit: SYSTEM_AUDIT_CONTEXT })
    expect(assigned.map((a) => a.itemId)).toContain(forTheRota)
    expect(assigned.map((a) => a.itemId)).not.toContain(resubmitted)
  })
})
