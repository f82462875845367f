import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isoDay } from '@/lib/format/iso-day'
import { getDb } from '@/server/db/client'
import { audits, businesses, businessReviewEvents, kycDocuments } from '@/server/db/schema'
import { addIsoYears } from '@/server/modules/risk/recertification'
import { tierInForce } from '@/server/modules/risk/risk-state'
import { startFromDemo } from './demo-template'
import { api, createTestBusiness, errorsOf, latestMail, signedInUser } from './helpers'
import { attachRequiredDocuments, businessReadyForApproval } from './review-fixtures'

type Json = Record<string, unknown>
const DAY = 86_400_000

let approver: Awaited<ReturnType<typeof signedInUser>>
let secondApprover: Awaited<ReturnType<typeof signedInUser>>
let superAdmin: Awaited<ReturnType<typeof signedInUser>>
let officer: Awaited<ReturnType<typeof signedInUser>>
let auditor: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  ;[approver, secondApprover, superAdmin, officer, auditor] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'AUDITOR' }),
  ])
})

const decide = (id: string, token: string, json: Json) => api(`/businesses/${id}/approve`, { method: 'PUT', token, json })

async function auditsOf(businessId: string, action: string) {
  const db = await getDb()
  return db
    .select()
    .from(audits)
    .where(and(eq(audits.resourceId, businessId), eq(audits.action, action)))
}

describe('approving a business', () => {
  it('approves a ready business: sets approvedAt and a recertification date by its risk tier, audits, threads the comment and e-mails the owner', async () => {
    const { business, owner } = await businessReadyForApproval({ createdBy: superAdmin.user.id })
    const res = await decide(business.id, approver.token, {
      decision: 'APPROVED',
      comment: 'All documents verified against the CAC portal.',
    })
    expect(res.status).toBe(200)
    const body = (await res.json()) as Json
    expect(body).toMatchObject({
      id: business.id,
      approvalStatus: 'APPROVED',
      decision: { decision: 'APPROVED', decidedBy: 'Test User' },
    })
    const approvedAt = new Date(body.approvedAt as string)
    expect(Date.now() - approvedAt.getTime()).toBeLessThan(60_000)
    // docs/risk.md#recertification: the tier's years from the approval day (a plain business: LOW, 3 years).
    const tier = await tierInForce(await getDb(), business.id)
    expect(tier).toBe('LOW')
    expect(body.recertificationDate).toBe(addIsoYears(isoDay(approvedAt), 3))

    const [audit] = await auditsOf(business.id, 'APPROVE')
    expect(audit).toMatchObject({ actorId: approver.user.id })
    expect(audit!.before).toMatchObject({ approvalStatus: 'PENDING' })
    expect(audit!.after).toMatchObject({
      approvalStatus: 'APPROVED',
      decisionComment: 'All documents verified against the CAC portal.',
    })

    const thread = (await (await api(`/businesses/attachment/${business.id}`, { token: secondApprover.token })).json()) as Json[]
    expect(thread).toEqual([
      expect.objectContaining({
        comment: 'All documents verified against the CAC portal.',
        decision: 'APPROVED',
        author: { id: approver.user.id, name: 'Test User' },
      }),
    ])

    const mail = await latestMail(owner.user.email, 'business-approved')
    expect(mail?.subject).toContain(business.name)
    expect(mail?.text).toContain('All documents verified against the CAC portal.')
  })

  it('refuses a business that is not PENDING with 409 INVALID_STATE naming the state', async () => {
    const { business } = await businessReadyForApproval()
    expect((await decide(business.id, approver.token, { decision: 'APPROVED' })).status).toBe(200)
    const again = await decide(business.id, secondApprover.token, { decision: 'APPROVED' })
    expect(again.status).toBe(409)
    const [error] = await errorsOf(again)
    expect(error).toMatchObject({ code: 'INVALID_STATE' })
    expect(error!.message).toContain('approved')
    const decline = await decide(business.id, secondApprover.token, { decision: 'DECLINED', comment: 'Too late' })
    expect(decline.status).toBe(409)
    expect((await errorsOf(decline))[0]!.message).toContain('approved')
  })

  it('answers 409 PRECONDITION_FAILED with one entry per unmet precondition', async () => {
    // KYC not marked complete and no documents at all.
    const bare = await createTestBusiness()
    const res = await decide(bare.id, approver.token, { decision: 'APPROVED' })
    expect(res.status).toBe(409)
    const errors = await errorsOf(res)
    expect(errors.every((e) => e.code === 'PRECONDITION_FAILED')).toBe(true)
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(['KYC_COMPLETE', 'REQUIRED_DOCUMENTS']))
    await expect((await getDb()).select().from(businesses).where(eq(businesses.id, bare.id))).resolves.toEqual([
      expect.objectContaining({ approvalStatus: 'PENDING' }),
    ])

    // Documents present but the CAC documents not approved yet.
    const cacPending = await createTestBusiness({ kycDetailsCompleted: true })
    await attachRequiredDocuments(cacPending.id, 'PENDING')
    const cac = await decide(cacPending.id, approver.token, { decision: 'APPROVED' })
    expect(cac.status).toBe(409)
    const cacErrors = await errorsOf(cac)
    expect(cacErrors.map((e) => e.field)).toContain('CAC_DOCUMENTS')
    expect(cacErrors.map((e) => e.field)).not.toContain('KYC_COMPLETE')

    // An open re-upload request counts as a missing document.
    const { business: reupload, documents } = await businessReadyForApproval()
    const db = await getDb()
    await db
      .update(kycDocuments)
      .set({ reuploadRequestedAt: new Date(), reuploadReason: 'Blurred scan' })
      .where(eq(kycDocuments.id, documents[0]!.id))
    const reuploadRes = await decide(reupload.id, approver.token, { decision: 'APPROVED' })
    expect(reuploadRes.status).toBe(409)
    expect(
      (await errorsOf(reuploadRes)).some((e) => e.field === 'REQUIRED_DOCUMENTS' && e.message.includes('Blurred scan')),
    ).toBe(true)

    // Archived: unarchive first.
    const { business: archived } = await businessReadyForApproval()
    await db.update(businesses).set({ archiveStatus: 'ARCHIVED' }).where(eq(businesses.id, archived.id))
    const archivedRes = await decide(archived.id, approver.token, { decision: 'APPROVED' })
    expect((await errorsOf(archivedRes)).map((e) => e.field)).toEqual(['NOT_ARCHIVED'])
    expect(await auditsOf(archived.id, 'APPROVE')).toHaveLength(0)
  })

  it('shows the same preconditions as a checklist', async () => {
    const { business } = await businessReadyForApproval()
    const ready = (await (await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })).json()) as Json[]
    expect(ready.map((c) => c.code)).toEqual([
      'PENDING_STATE',
      'NOT_ARCHIVED',
      'KYC_COMPLETE',
      'KYC_CAPTURE',
      'REQUIRED_DOCUMENTS',
      'CAC_DOCUMENTS',
      'VERIFICATION',
      'SCREENING',
    ])
    expect(ready.every((c) => c.met === true)).toBe(true)

    const bare = await createTestBusiness()
    const unmet = (await (await api(`/businesses/${bare.id}/approval-checklist`, { token: auditor.token })).json()) as Json[]
    expect(unmet.find((c) => c.code === 'KYC_COMPLETE')).toMatchObject({ met: false })
    expect(unmet.find((c) => c.code === 'REQUIRED_DOCUMENTS')).toMatchObject({
      met: false,
      details: expect.arrayContaining([expect.stringContaining('Certificate of Incorporation')]),
    })

    const owner = await signedInUser({ businesses: [{ businessId: bare.id }] })
    expect((await api(`/businesses/${bare.id}/approval-checklist`, { token: owner.token })).status).toBe(403)
  })

  it('10 parallel approvals of one business: exactly one 200, nine 409, one audit row', async () => {
    const { business } = await businessReadyForApproval()
    const reviewers = [
      approver,
      secondApprover,
      ...(await Promise.all(Array.from({ length: 8 }, () => signedInUser({ staffRole: 'APPROVER' })))),
    ]
    const answers = await Promise.all(reviewers.map((r) => decide(business.id, r.token, { decision: 'APPROVED' })))
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, ...Array(9).fill(409)])
    for (const res of answers.filter((r) => r.status === 409)) expect((await errorsOf(res))[0]!.code).toBe('INVALID_STATE')
    expect(await auditsOf(business.id, 'APPROVE')).toHaveLength(1)
    const db = await getDb()
    expect(await db.select().from(businessReviewEvents).where(eq(businessReviewEvents.businessId, business.id))).toHaveLength(1)
  })
})

describe('declining a business', () => {
  it('needs a comment (400 naming comment)', async () => {
    const { business } = await businessReadyForApproval()
    for (const json of [{ decision: 'DECLINED' }, { decision: 'DECLINED', comment: '   ' }]) {
      const res = await decide(business.id, approver.token, json)
      expect(res.status).toBe(400)
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    }
    const wrong = await decide(business.id, approver.token, { decision: 'MAYBE' })
    expect((await errorsOf(wrong))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'decision' })
  })

  it('declines with the reason: the business sees it on its record and by e-mail, and must mark its KYC complete again', async () => {
    const { business, owner } = await businessReadyForApproval()
    const reason = 'The CAC 7 lists a director who is not among the shareholders’ means of ID.'
    const res = await decide(business.id, approver.token, { decision: 'DECLINED', comment: reason })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ approvalStatus: 'DECLINED', kycDetailsCompleted: false, approvedAt: null })

    const seen = (await (await api(`/businesses/${business.id}`, { token: owner.token })).json()) as Json
    expect(seen.decision).toMatchObject({ decision: 'DECLINED', comment: reason, decidedBy: 'Test User' })
    const mail = await latestMail(owner.user.email, 'business-declined')
    expect(mail?.text).toContain(reason)
    expect(await auditsOf(business.id, 'DECLINE')).toHaveLength(1)
    // A business never decided has no decision.
    const fresh = await signedInUser({ businesses: [{}] })
    expect(
      ((await (await api(`/businesses/${fresh.businessIds[0]}`, { token: fresh.token })).json()) as Json).decision,
    ).toBeNull()
  })
})

describe('who may decide', () => {
  it('never the creator of the record, nor a member of the business: 403 FOUR_EYES', async () => {
    const { business } = await businessReadyForApproval({ createdBy: superAdmin.user.id })
    const own = await decide(business.id, superAdmin.token, { decision: 'APPROVED' })
    expect(own.status).toBe(403)
    expect((await errorsOf(own))[0]!.code).toBe('FOUR_EYES')

    const memberApprover = await signedInUser({
      staffRole: 'APPROVER',
      businesses: [{ businessId: business.id, role: 'BUSINESS_MEMBER' }],
    })
    const member = await decide(business.id, memberApprover.token, { decision: 'DECLINED', comment: 'Mine' })
    expect((await errorsOf(member))[0]!.code).toBe('FOUR_EYES')
    expect(await auditsOf(business.id, 'APPROVE')).toHaveLength(0)
    expect((await decide(business.id, approver.token, { decision: 'APPROVED' })).status).toBe(200)
  })

  it('refuses business users, staff without CAN_APPROVE_BUSINESS and anonymous callers', async () => {
    const { business, owner } = await businessReadyForApproval()
    expect((await decide(business.id, owner.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(business.id, officer.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(business.id, auditor.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await api(`/businesses/${business.id}/approve`, { method: 'PUT', json: { decision: 'APPROVED' } })).status).toBe(401)
    expect((await decide('00000000-0000-4000-8000-000000000000', approver.token, { decision: 'APPROVED' })).status).toBe(404)
    expect((await decide('not-an-id', approver.token, { decision: 'APPROVED' })).status).toBe(400)
  })
})

describe('the recommendation comment thread', () => {
  it('lets staff append comments with author and time, oldest first, audited', async () => {
    const { business } = await businessReadyForApproval()
    const first = await api(`/businesses/attachment/${business.id}`, {
      method: 'PUT',
      token: officer.token,
      json: { comment: 'Address verified by site visit.' },
    })
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({
      businessId: business.id,
      comment: 'Address verified by site visit.',
      author: { id: officer.user.id, name: 'Test User' },
      decision: null,
    })
    await api(`/businesses/attachment/${business.id}`, {
      method: 'PUT',
      token: approver.token,
      json: { comment: 'Recommend approval.' },
    })
    const thread = (await (await api(`/businesses/attachment/${business.id}`, { token: auditor.token })).json()) as Json[]
    expect(thread.map((c) => c.comment)).toEqual(['Address verified by site visit.', 'Recommend approval.'])
    expect(typeof thread[0]!.createdAt).toBe('string')
    expect(await auditsOf(business.id, 'COMMENT')).toHaveLength(2)
  })

  it('refuses empty comments, business users, auditors writing and unknown businesses', async () => {
    const { business, owner } = await businessReadyForApproval()
    const empty = await api(`/businesses/attachment/${business.id}`, {
      method: 'PUT',
      token: approver.token,
      json: { comment: ' ' },
    })
    expect((await errorsOf(empty))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    expect((await api(`/businesses/attachment/${business.id}`, { token: owner.token })).status).toBe(403)
    expect(
      (
        await api(`/businesses/attachment/${business.id}`, {
          method: 'PUT',
          token: owner.token,
          json: { comment: 'Please approve' },
        })
      ).status,
    ).toBe(403)
    expect(
      (await api(`/businesses/attachment/${business.id}`, { method: 'PUT', token: auditor.token, json: { comment: 'Hm' } }))
        .status,
    ).toBe(403)
    expect((await api('/businesses/attachment/00000000-0000-4000-8000-000000000000', { token: approver.token })).status).toBe(404)
  })
})

describe('reviewer assignment and the queue', () => {
  it('assigns to oneself or another reviewer, filters the queue by assignee, unassigns; audited', async () => {
    const { business } = await businessReadyForApproval()
    const mine = await api(`/businesses/${business.id}/assignee`, {
      method: 'PUT',
      token: approver.token,
      json: { userId: approver.user.id },
    })
    expect(mine.status).toBe(200)
    expect(await mine.json()).toMatchObject({ assigneeId: approver.user.id, assigneeName: 'Test User' })

    const queueOf = async (token: string, query: string) =>
      (
        (await (await api(`/businesses/for-approval?pageSize=100&${query}`, { token })).json()) as { content: Json[] }
      ).content.map((b) => b.id)
    expect(await queueOf(approver.token, 'assigneeId=me')).toContain(business.id)
    expect(await queueOf(secondApprover.token, 'assigneeId=me')).not.toContain(business.id)
    expect(await queueOf(secondApprover.token, `assigneeId=${approver.user.id}`)).toContain(business.id)
    expect(await queueOf(secondApprover.token, 'assigneeId=none')).not.toContain(business.id)

    const given = await api(`/businesses/${business.id}/assignee`, {
      method: 'PUT',
      token: approver.token,
      json: { userId: secondApprover.user.id },
    })
    expect(await given.json()).toMatchObject({ assigneeId: secondApprover.user.id })
    const unassigned = await api(`/businesses/${business.id}/assignee`, {
      method: 'PUT',
      token: approver.token,
      json: { userId: null },
    })
    expect(await unassigned.json()).toMatchObject({ assigneeId: null })
    expect(await queueOf(approver.token, 'assigneeId=none')).toContain(business.id)
    expect(await auditsOf(business.id, 'ASSIGN_REVIEWER')).toHaveLength(2)
    expect(await auditsOf(business.id, 'UNASSIGN_REVIEWER')).toHaveLength(1)
  })

  it('refuses assignees who may not review, its creator, non-pending businesses and non-reviewers', async () => {
    const { business, owner } = await businessReadyForApproval({ createdBy: secondApprover.user.id })
    const assign = (token: string, userId: string | null, id = business.id) =>
      api(`/businesses/${id}/assignee`, { method: 'PUT', token, json: { userId } })
    expect((await errorsOf(await assign(approver.token, officer.user.id)))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'userId',
    })
    expect((await errorsOf(await assign(approver.token, owner.user.id)))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'userId',
    })
    expect((await errorsOf(await assign(approver.token, secondApprover.user.id)))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'userId',
    })
    expect((await assign(officer.token, approver.user.id)).status).toBe(403)
    expect((await assign(owner.token, approver.user.id)).status).toBe(403)
    const { business: approved } = await businessReadyForApproval()
    await decide(approved.id, approver.token, { decision: 'APPROVED' })
    const late = await assign(approver.token, approver.user.id, approved.id)
    expect(late.status).toBe(409)
    expect((await errorsOf(late))[0]!.message).toContain('approved')
  })

  it('lists reviewers (staff holding CAN_APPROVE_BUSINESS)', async () => {
    const reviewers = (await (await api('/businesses/reviewers', { token: approver.token })).json()) as Json[]
    const ids = reviewers.map((r) => r.id)
    expect(ids).toEqual(expect.arrayContaining([approver.user.id, secondApprover.user.id, superAdmin.user.id]))
    expect(ids).not.toContain(officer.user.id)
  })

  it('holds PENDING businesses with KYC complete, not archived, oldest first, with waiting time and time waiting on the business apart', async () => {
    const db = await getDb()
    const now = Date.now()
    const old = await createTestBusiness({
      kycDetailsCompleted: true,
      createdAt: new Date(now - 10 * DAY),
      name: `Queue Old ${now}`,
    })
    const waiting = await createTestBusiness({
      kycDetailsCompleted: true,
      createdAt: new Date(now - 5 * DAY),
      name: `Queue Waiting ${now}`,
    })
    const notReady = await createTestBusiness({ kycDetailsCompleted: false, name: `Queue NotReady ${now}` })
    const archived = await createTestBusiness({
      kycDetailsCompleted: true,
      archiveStatus: 'ARCHIVED',
      name: `Queue Archived ${now}`,
    })
    const declined = await createTestBusiness({
      kycDetailsCompleted: true,
      approvalStatus: 'DECLINED',
      name: `Queue Declined ${now}`,
    })
    // Two overlapping re-upload requests (days 4→2 and 3→1 ago) and one still open since 1 day: 4 days on the business.
    const { documents } = await attachRequiredDocuments(waiting.id, 'APPROVED')
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY)
    await db
      .update(kycDocuments)
      .set({ reuploadRequestedAt: at(4), reuploadResolvedAt: at(2) })
      .where(eq(kycDocuments.id, documents[0]!.id))
    await db
      .update(kycDocuments)
      .set({ reuploadRequestedAt: at(3), reuploadResolvedAt: at(1) })
      .where(eq(kycDocuments.id, documents[1]!.id))
    await db
      .update(kycDocuments)
      .set({ reuploadRequestedAt: at(0.5) })
      .where(eq(kycDocuments.id, documents[2]!.id))
    // Entered the queue (KYC marked complete) 4.5 days ago: the audit row of that call is what counts.
    await db.insert(audits).values({
      id: crypto.randomUUID(),
      resource: 'business',
      resourceId: waiting.id,
      action: 'KYC_COMPLETED',
      before: { kycDetailsCompleted: false },
      after: { kycDetailsCompleted: true },
      createdAt: at(4.5),
      prevHash: 'test',
      hash: `test-${waiting.id}`,
    })

    const res = await api(`/businesses/for-approval?businessName=${encodeURIComponent(`Queue `)}&pageSize=100`, {
      token: auditor.token,
    })
    expect(res.status).toBe(200)
    const page = (await res.json()) as { content: Json[]; totalElements: number }
    const mine = page.content.filter((b) => String(b.name).endsWith(String(now)))
    expect(mine.map((b) => b.id)).toEqual([old.id, waiting.id])
    expect(mine[0]).toMatchObject({ waitingDays: 10, waitingOnBusinessDays: 0, assigneeName: null, approvalStatus: 'PENDING' })
    expect(mine[1]).toMatchObject({ waitingSince: at(4.5).toISOString(), waitingDays: 4, waitingOnBusinessDays: 3 })
    for (const id of [notReady.id, archived.id, declined.id]) expect(page.content.map((b) => b.id)).not.toContain(id)

    const newest = (await (
      await api(`/businesses/for-approval?businessName=Queue&recentFirst=true&pageSize=100`, { token: approver.token })
    ).json()) as { content: Json[] }
    expect(newest.content.filter((b) => String(b.name).endsWith(String(now))).map((b) => b.id)).toEqual([waiting.id, old.id])
    const paged = (await (await api('/businesses/for-approval?pageSize=1', { token: approver.token })).json()) as Json
    expect(paged).toMatchObject({ pageNumber: 1, pageSize: 1 })

    expect((await api('/businesses/for-approval?assigneeId=someone', { token: approver.token })).status).toBe(400)
    expect((await api('/businesses/for-approval?pageSize=101', { token: approver.token })).status).toBe(400)
    const owner = await signedInUser({ businesses: [{}] })
    expect((await api('/businesses/for-approval', { token: owner.token })).status).toBe(403)
    expect((await api('/businesses/for-approval', { token: officer.token })).status).toBe(200)
  })
})

describe('recertification date', () => {
  it('moves an approved business’s date (audited); refuses past dates, other states and non-staff', async () => {
    const { business, owner } = await businessReadyForApproval()
    const set = (token: string, json: Json) => api('/businesses/set-recertification-date', { method: 'PUT', token, json })
    const pending = await set(superAdmin.token, { businessId: business.id, date: '2099-01-01' })
    expect(pending.status).toBe(409)
    expect((await errorsOf(pending))[0]!.message).toContain('pending')

    await decide(business.id, approver.token, { decision: 'APPROVED' })
    const res = await set(superAdmin.token, { businessId: business.id, date: '2099-01-01' })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ recertificationDate: '2099-01-01', blocked: false })
    expect((await set(approver.token, { businessId: business.id, date: '2098-06-30' })).status).toBe(200)
    expect(await auditsOf(business.id, 'SET_RECERTIFICATION_DATE')).toHaveLength(2)

    const past = await set(superAdmin.token, {
      businessId: business.id,
      date: new Date(Date.now() - DAY).toISOString().slice(0, 10),
    })
    expect((await errorsOf(past))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'date' })
    expect((await errorsOf(await set(superAdmin.token, { businessId: business.id, date: '01/02/2099' })))[0]).toMatchObject({
      field: 'date',
    })
    expect((await set(owner.token, { businessId: business.id, date: '2099-01-01' })).status).toBe(403)
    expect((await set(officer.token, { businessId: business.id, date: '2099-01-01' })).status).toBe(403)
  })
})

describe('demo data for the review queues', () => {
  let auditor: Awaited<ReturnType<typeof signedInUser>>
  beforeAll(async () => {
    // The seeded demo without the shipped screening lists, made once per run (tests/api/demo-template.ts).
    await startFromDemo({ shippedLists: false })
    auditor = await signedInUser({ staffRole: 'AUDITOR' })
  })

  it('declined businesses with their reason, the archived one with its reason, a pending one under review; idempotent', async () => {
    const db = await getDb()
    const { seed } = await import('@/server/seed')
    const { demoBusinessRegNos } = await import('@/server/seed/demo-businesses')
    const events = await db.select().from(businessReviewEvents)
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!', shippedLists: false })
    expect(await db.select().from(businessReviewEvents)).toHaveLength(events.length)

    const regNos = demoBusinessRegNos()
    const demo = await db.select().from(businesses).where(inArray(businesses.regNo, regNos))
    const at = (i: number) => demo.find((b) => b.regNo === regNos[i])!
    const declined = demo.filter((b) => b.approvalStatus === 'DECLINED')
    expect(declined.length).toBeGreaterThan(0)
    for (const b of declined) {
      const seen = (await (await api(`/businesses/${b.id}`, { token: auditor.token })).json()) as Json
      expect(seen.decision).toMatchObject({
        decision: 'DECLINED',
        comment: expect.stringMatching(/^.{20,}$/),
        decidedBy: 'Aisha Bello',
      })
    }
    const archived = (await (await api('/archive/businesses?pageSize=100', { token: auditor.token })).json()) as {
      content: Json[]
    }
    expect(archived.content.find((b) => b.id === at(29).id)).toMatchObject({
      archiveReason: expect.stringContaining('Duplicate profile'),
      archivedBy: 'Tunde Bakare',
    })

    const underReview = at(6)
    expect(underReview).toMatchObject({ approvalStatus: 'PENDING', kycDetailsCompleted: true })
    const thread = (await (await api(`/businesses/attachment/${underReview.id}`, { token: auditor.token })).json()) as Json[]
    // The third mentions both approvers (server/seed/demo-notifications.ts).
    expect(thread.map((c) => (c.author as Json).name)).toEqual(['Tunde Bakare', 'Aisha Bello', 'Tunde Bakare'])
    const queue = (await (await api('/businesses/for-approval?pageSize=100', { token: auditor.token })).json()) as {
      content: Json[]
    }
    const demoInQueue = queue.content.filter((b) => regNos.includes(String(b.regNo)))
    expect(demoInQueue.length).toBeGreaterThanOrEqual(3)
    expect(demoInQueue.find((b) => b.id === underReview.id)).toMatchObject({ assigneeName: 'Aisha Bello' })
  })
})
