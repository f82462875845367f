import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Business } from '@/lib/contracts/businesses'
import type { BulkResult } from '@/lib/contracts/cac-review'
import type { DeferrableMappingAnswer, DeferralDetail, StaffDeferral } from '@/lib/contracts/deferral-review'
import type { Page } from '@/lib/contracts/pagination'
import { formatCalendarDate } from '@/lib/format/date'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { audits, deferrals } from '@/server/db/schema'
import { getBusiness } from '@/server/modules/businesses/get-business'
import { decideDeferral } from '@/server/modules/deferral-review/decide-deferral'
import { approved, configChecker } from './four-eyes'
import { api, errorsOf, latestMail, signedInUser } from './helpers'
import { attach, requestDeferral, typeByCode } from './kyc-document-fixtures'
import { auditRows, businessWithKyc, json, put } from './staff-review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let approver: User
let secondApprover: User
let officer: User
let superAdmin: User

const DAY = 86_400_000

beforeAll(async () => {
  ;[approver, secondApprover, officer, superAdmin] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
  ])
})

const decide = (id: string, token: string, body: unknown) => put(`/deferrals/approval/${id}`, token, body)

/** A submitted business whose owner asked to defer `code`. */
async function pendingDeferral(code = 'TIN_CERTIFICATE', days = 14) {
  const setup = await businessWithKyc()
  const deferral = await requestDeferral(setup.owner.token, setup.business.id, code, days)
  return { ...setup, deferral }
}

async function actorOf(user: User) {
  return (await loadActor(await getDb(), { userId: user.user.id, sessionId: user.session.id, expiresAt: 0 }))!
}

describe('staff deferral lists', () => {
  it('lists every deferral with its business and people, filtered by status, name, type, dates and overdue', async () => {
    const a = await pendingDeferral('TIN_CERTIFICATE')
    const b = await pendingDeferral('MEMART')
    await json(await decide(b.deferral.id, approver.token, { decision: 'APPROVED' }))

    const byName = await json<Page<StaffDeferral>>(
      await api(`/deferrals?businessName=${encodeURIComponent(a.business.name.toLowerCase())}`, { token: approver.token }),
    )
    expect(byName.totalElements).toBe(1)
    expect(byName.content[0]).toMatchObject({
      id: a.deferral.id,
      status: 'PENDING',
      displayStatus: 'PENDING',
      documentType: { code: 'TIN_CERTIFICATE' },
      business: { id: a.business.id, name: a.business.name, regNo: a.business.regNo },
      requestedBy: a.owner.user.id,
      requestedByName: 'Test User',
      decidedByName: null,
    })

    const ids = async (query: string, token = approver.token) =>
      (await json<Page<StaffDeferral>>(await api(`/deferrals?pageSize=100${query}`, { token }))).content.map((d) => d.id)
    expect(await ids('&status=PENDING')).toContain(a.deferral.id)
    expect(await ids('&status=PENDING')).not.toContain(b.deferral.id)
    expect(await ids('&status=APPROVED')).toContain(b.deferral.id)
    const memart = (await typeByCode('MEMART')).id
    const ofType = await ids(`&documentTypeId=${memart}`)
    expect(ofType).toContain(b.deferral.id)
    expect(ofType).not.toContain(a.deferral.id)
    const today = new Date().toISOString().slice(0, 10)
    expect(await ids(`&from=${today}&to=${today}`)).toEqual(expect.arrayContaining([a.deferral.id, b.deferral.id]))
    expect(await ids('&to=2020-01-01')).toEqual([])
    expect(await ids('&overdue=true')).not.toContain(b.deferral.id)

    // Past due: OVERDUE in the list and its filters.
    const db = await getDb()
    await db
      .update(deferrals)
      .set({ dueDate: new Date(Date.now() - DAY) })
      .where(eq(deferrals.id, b.deferral.id))
    expect(await ids('&overdue=true')).toContain(b.deferral.id)
    expect(await ids('&status=OVERDUE')).toContain(b.deferral.id)
    expect(await ids('&overdue=false')).not.toContain(b.deferral.id)
    const [overdue] = (
      await json<Page<StaffDeferral>>(
        await api(`/deferrals?businessName=${encodeURIComponent(b.business.name)}`, { token: officer.token }),
      )
    ).content
    expect(overdue).toMatchObject({ displayStatus: 'OVERDUE', isOverdue: true, decidedByName: 'Test User' })

    const bad = await api('/deferrals?status=LATE&overdue=yes&documentTypeId=1', { token: approver.token })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad)).map((e) => e.field).sort()).toEqual(['documentTypeId', 'overdue', 'status'])
    expect((await api('/deferrals', { token: a.owner.token })).status).toBe(403)
    expect((await api('/deferrals')).status).toBe(401)
  })

  it('GET /deferrals/reviews is the PENDING queue, oldest first on request', async () => {
    const a = await pendingDeferral('TIN_CERTIFICATE')
    const b = await pendingDeferral('CAC_7')
    await json(await decide(b.deferral.id, approver.token, { decision: 'REJECTED', comment: 'Upload it now, it is required.' }))
    const page = await json<Page<StaffDeferral>>(
      await api('/deferrals/reviews?pageSize=100&recentFirst=false', { token: approver.token }),
    )
    expect(page.content.every((d) => d.status === 'PENDING')).toBe(true)
    expect(page.content.map((d) => d.id)).toContain(a.deferral.id)
    expect(page.content.map((d) => d.id)).not.toContain(b.deferral.id)
    const times = page.content.map((d) => d.requestedAt)
    expect(times).toEqual([...times].sort())
    expect((await api('/deferrals/reviews', { token: a.owner.token })).status).toBe(403)
  })

  it('GET /deferrals/{id}: staff and the business members, with its history; 404 for another business; static paths still win', async () => {
    const { owner, business, deferral } = await pendingDeferral('TIN_CERTIFICATE')
    const db = await getDb()
    await db
      .update(deferrals)
      .set({ status: 'REJECTED', decisionComment: 'No', decidedAt: new Date() })
      .where(eq(deferrals.id, deferral.id))
    const second = await requestDeferral(owner.token, business.id, 'TIN_CERTIFICATE')

    const detail = await json<DeferralDetail>(await api(`/deferrals/${second.id}`, { token: approver.token }))
    expect(detail).toMatchObject({ id: second.id, business: { id: business.id }, status: 'PENDING' })
    expect(detail.history.map((h) => [h.id, h.status])).toEqual([[deferral.id, 'REJECTED']])
    expect((await api(`/deferrals/${second.id}`, { token: owner.token })).status).toBe(200)
    expect((await api(`/deferrals/${second.id}`, { token: officer.token })).status).toBe(200)

    const stranger = await businessWithKyc()
    expect((await api(`/deferrals/${second.id}`, { token: stranger.owner.token })).status).toBe(404)
    expect((await api('/deferrals/00000000-0000-4000-8000-000000000000', { token: approver.token })).status).toBe(404)
    expect((await errorsOf(await api('/deferrals/nope', { token: approver.token })))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'id',
    })
    // The business side's static paths are not taken for ids.
    expect((await api('/deferrals/deferrable-max-days', { token: owner.token })).status).toBe(200)
    expect((await api('/deferrals/deferrable-list', { token: owner.token })).status).toBe(200)
  })
})

describe('deciding a deferral', () => {
  it('approves: due date = decision time + days, audited, owner e-mailed; a second decision is 409 naming the state', async () => {
    const { owner, deferral } = await pendingDeferral('TIN_CERTIFICATE', 21)
    const before = Date.now()
    const decided = await json<StaffDeferral>(
      await decide(deferral.id, approver.token, { decision: 'APPROVED', comment: 'Fine, 21 days.' }),
    )
    expect(decided).toMatchObject({
      status: 'APPROVED',
      displayStatus: 'APPROVED',
      decidedBy: approver.user.id,
      decisionComment: 'Fine, 21 days.',
      decidedByName: 'Test User',
    })
    const decidedAt = new Date(decided.decidedAt!).getTime()
    expect(decidedAt).toBeGreaterThanOrEqual(before - 1000)
    expect(new Date(decided.dueDate!).getTime()).toBe(decidedAt + 21 * DAY)

    const [audit] = await auditRows(deferral.id, 'APPROVE')
    expect(audit).toMatchObject({ actorId: approver.user.id, resource: 'deferral' })
    expect(audit!.before).toMatchObject({ status: 'PENDING', dueDate: null })
    expect(audit!.after).toMatchObject({ status: 'APPROVED' })
    const mail = await latestMail(owner.user.email, 'deferral-approved')
    expect(mail?.text).toContain(`Upload it by ${formatCalendarDate(decided.dueDate!.slice(0, 10))}`)

    for (const decision of ['APPROVED', 'REJECTED']) {
      const again = await decide(deferral.id, secondApprover.token, { decision, comment: 'again' })
      expect(again.status).toBe(409)
      expect((await errorsOf(again))[0]).toMatchObject({
        code: 'INVALID_STATE',
        message: expect.stringMatching(/^The deferral is approved/),
      })
    }
  })

  it('rejects only with a comment (400 naming comment), e-mails the reason, and then refuses with 409 naming REJECTED', async () => {
    const { owner, deferral } = await pendingDeferral()
    const noComment = await decide(deferral.id, approver.token, { decision: 'REJECTED', comment: '' })
    expect(noComment.status).toBe(400)
    expect((await errorsOf(noComment))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    const rejected = await json<StaffDeferral>(
      await decide(deferral.id, approver.token, { decision: 'REJECTED', comment: 'The TIN certificate is quick to get.' }),
    )
    expect(rejected).toMatchObject({ status: 'REJECTED', dueDate: null, decisionComment: 'The TIN certificate is quick to get.' })
    expect((await latestMail(owner.user.email, 'deferral-rejected'))?.text).toContain('The TIN certificate is quick to get.')
    const after = await decide(deferral.id, approver.token, { decision: 'APPROVED' })
    expect((await errorsOf(after))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('declined') })
  })

  it('four-eyes: the requester, and any member of the business, are refused with 403 FOUR_EYES', async () => {
    const setup = await businessWithKyc()
    const staffOwner = await signedInUser({
      staffRole: 'APPROVER',
      businesses: [{ businessId: setup.business.id, role: 'BUSINESS_OWNER' }],
    })
    const own = await requestDeferral(staffOwner.token, setup.business.id, 'TIN_CERTIFICATE')
    const byRequester = await decide(own.id, staffOwner.token, { decision: 'APPROVED' })
    expect(byRequester.status).toBe(403)
    expect((await errorsOf(byRequester))[0]).toMatchObject({ code: 'FOUR_EYES', message: expect.stringContaining('requested') })

    const other = await requestDeferral(setup.owner.token, setup.business.id, 'MEMART')
    expect((await errorsOf(await decide(other.id, staffOwner.token, { decision: 'APPROVED' })))[0]!.code).toBe('FOUR_EYES')
    expect(await auditRows(own.id, 'APPROVE')).toHaveLength(0)
    expect((await decide(own.id, approver.token, { decision: 'APPROVED' })).status).toBe(200)
  })

  it('refuses business users, staff without CAN_APPROVE_DEFERRAL and unknown deferrals', async () => {
    const { owner, deferral } = await pendingDeferral()
    expect((await decide(deferral.id, owner.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide(deferral.id, officer.token, { decision: 'APPROVED' })).status).toBe(403)
    expect((await decide('00000000-0000-4000-8000-000000000000', approver.token, { decision: 'APPROVED' })).status).toBe(404)
    expect((await errorsOf(await decide('x', approver.token, { decision: 'APPROVED' })))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'deferralId',
    })
    expect((await errorsOf(await decide(deferral.id, approver.token, { decision: 'MAYBE' })))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'decision',
    })
  })

  it('10 parallel approvals of one deferral: exactly one 200, nine 409, one audit row', async () => {
    const { deferral } = await pendingDeferral()
    const reviewers = [
      approver,
      secondApprover,
      ...(await Promise.all(Array.from({ length: 8 }, () => signedInUser({ staffRole: 'APPROVER' })))),
    ]
    const answers = await Promise.all(reviewers.map((r) => decide(deferral.id, r.token, { decision: 'APPROVED' })))
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)])
    for (const res of answers.filter((r) => r.status === 409))
      expect((await errorsOf(res))[0]).toMatchObject({ code: 'INVALID_STATE', message: expect.stringContaining('approved') })
    expect(await auditRows(deferral.id, 'APPROVE')).toHaveLength(1)
  })

  it('bulk: each deferral decided on its own, every item reported', async () => {
    const [a, b, c] = await Promise.all([pendingDeferral(), pendingDeferral('MEMART'), pendingDeferral('CAC_7')])
    await json(await decide(c.deferral.id, approver.token, { decision: 'APPROVED' }))
    const unknown = '00000000-0000-4000-8000-000000000002'
    const answer = await json<BulkResult>(
      await put('/deferrals/approval', secondApprover.token, {
        ids: [a.deferral.id, c.deferral.id, unknown, b.deferral.id],
        decision: 'APPROVED',
        comment: 'Agreed',
      }),
    )
    expect(answer).toEqual({
      succeeded: 2,
      failed: 2,
      results: [
        { id: a.deferral.id, status: 200 },
        { id: c.deferral.id, status: 409, code: 'INVALID_STATE', message: expect.stringContaining('approved') },
        { id: unknown, status: 404, code: 'NOT_FOUND', message: expect.any(String) },
        { id: b.deferral.id, status: 200 },
      ],
    })
    const db = await getDb()
    const [row] = await db.select().from(deferrals).where(eq(deferrals.id, b.deferral.id))
    expect(row).toMatchObject({ status: 'APPROVED', decidedBy: secondApprover.user.id, decisionComment: 'Agreed' })
    const noComment = await put('/deferrals/approval', approver.token, { ids: [a.deferral.id], decision: 'REJECTED' })
    expect((await errorsOf(noComment))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'comment' })
    expect((await put('/deferrals/approval', officer.token, { ids: [a.deferral.id], decision: 'APPROVED' })).status).toBe(403)
  })
})

describe('the time rule (injected clock)', () => {
  it('an approved deferral past its due date blocks the business; the document upload unblocks it', async () => {
    const { owner, business, kycDetailsId, deferral } = await pendingDeferral('TIN_CERTIFICATE', 10)
    const db = await getDb()
    const decidedAt = new Date(Date.now() - 20 * DAY) // due 10 days ago
    await decideDeferral({
      db,
      actor: await actorOf(approver),
      id: deferral.id,
      input: { decision: 'APPROVED' },
      audit: SYSTEM_AUDIT_CONTEXT,
      now: decidedAt,
    })

    const due = new Date(decidedAt.getTime() + 10 * DAY).toISOString().slice(0, 10)
    for (const token of [approver.token, owner.token]) {
      const seen = await json<Business>(await api(`/businesses/${business.id}`, { token }))
      expect(seen).toMatchObject({
        blocked: true,
        blockedReasons: [`Deferral for TIN certificate overdue since ${formatCalendarDate(due)}`],
      })
    }
    const blockedList = await json<Page<Business>>(
      await api(`/businesses?blocked=true&regNo=${business.regNo}`, { token: approver.token }),
    )
    expect(blockedList.content.map((b) => b.id)).toEqual([business.id])

    // Through the API call, with the clock moved on: not blocked the day before the due date, blocked the day after.
    const second = await pendingDeferral('MEMART', 5)
    const approved = await json<StaffDeferral>(await decide(second.deferral.id, approver.token, { decision: 'APPROVED' }))
    const dueAt = new Date(approved.dueDate!).getTime()
    const actor = await actorOf(approver)
    expect(await getBusiness({ db, actor, id: second.business.id, now: new Date(dueAt - DAY) })).toMatchObject({ blocked: false })
    expect(await getBusiness({ db, actor, id: second.business.id, now: new Date(dueAt + DAY) })).toMatchObject({
      blocked: true,
      blockedReasons: [expect.stringMatching(/^Deferral for /)],
    })

    // The business uploads the document: the deferral is fulfilled and the block lifts.
    expect((await attach(owner.token, business, kycDetailsId, 'TIN_CERTIFICATE')).status).toBe(201)
    const [fulfilled] = await db.select().from(deferrals).where(eq(deferrals.id, deferral.id))
    expect(fulfilled!.status).toBe('FULFILLED')
    expect(await json<Business>(await api(`/businesses/${business.id}`, { token: approver.token }))).toMatchObject({
      blocked: false,
      blockedReasons: [],
    })
  })
})

const putApproved = (path: string, token: string, body: unknown) => approved(put(path, token, body))

describe('deferral settings', () => {
  it('sets the maximum days (1–365, staff with CAN_UPDATE_DEFERRABLE), audited before and after, and requests follow it', async () => {
    const setup = await businessWithKyc()
    const res = await json<{ maxDays: number }>(await putApproved('/deferrals/deferrable-days/45', superAdmin.token, {}))
    expect(res).toEqual({ maxDays: 45 })
    expect(await json(await api('/deferrals/deferrable-max-days', { token: setup.owner.token }))).toEqual({ maxDays: 45 })
    const db = await getDb()
    const [audit] = await db.select().from(audits).where(eq(audits.resource, 'setting'))
    // Applied by the checker's approval (FOUR_EYES_CONFIG): the checker acts, and both are named.
    const checker = await configChecker()
    expect(audit).toMatchObject({
      action: 'UPDATE',
      actorId: checker.user.id,
      before: { key: 'deferral.maxDays', value: null, effective: 30 },
      after: { key: 'deferral.maxDays', value: 45, makerId: superAdmin.user.id, checkerId: checker.user.id },
    })
    expect((await requestDeferral(setup.owner.token, setup.business.id, 'TIN_CERTIFICATE', 40)).status).toBe('PENDING')

    for (const days of ['0', '366', 'abc', '2.5', '-3']) {
      const bad = await putApproved(`/deferrals/deferrable-days/${days}`, superAdmin.token, {})
      expect(bad.status, days).toBe(400)
      expect((await errorsOf(bad))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'days' })
    }
    expect((await putApproved('/deferrals/deferrable-days/365', superAdmin.token, {})).status).toBe(200)
    expect((await putApproved('/deferrals/deferrable-days/1', superAdmin.token, {})).status).toBe(200)
    expect((await putApproved('/deferrals/deferrable-days/20', approver.token, {})).status).toBe(403)
    expect((await putApproved('/deferrals/deferrable-days/20', setup.owner.token, {})).status).toBe(403)
    await putApproved('/deferrals/deferrable-days/30', superAdmin.token, {})
  })

  it('reads and replaces the deferrable mapping, audited before and after; the business side follows it', async () => {
    const setup = await businessWithKyc()
    const current = await json<DeferrableMappingAnswer>(await api('/deferrals/deferrable-mapping', { token: setup.owner.token }))
    const rc = current.items.filter((i) => i.registrationClass === 'RC').map((i) => i.documentType.code)
    expect(rc).toEqual(expect.arrayContaining(['CAC_7', 'TIN_CERTIFICATE']))
    expect((await api('/deferrals/deferrable-mapping', { token: (await signedInUser()).token })).status).toBe(403)

    const tin = await typeByCode('TIN_CERTIFICATE')
    const bn1 = await typeByCode('BN_1')
    const replaced = await json<DeferrableMappingAnswer>(
      await putApproved('/deferrals/deferrable-mapping', superAdmin.token, {
        items: [
          { registrationClass: 'RC', documentTypeId: tin.id },
          { registrationClass: 'BN', documentTypeId: bn1.id },
        ],
      }),
    )
    expect(replaced.items.map((i) => [i.registrationClass, i.documentType.code])).toEqual([
      ['BN', 'BN_1'],
      ['RC', 'TIN_CERTIFICATE'],
    ])
    const deferrable = await json<{ code: string }[]>(
      await api(`/deferrals/deferrable?id=${setup.business.id}`, { token: setup.owner.token }),
    )
    expect(deferrable.map((t) => t.code)).toEqual(['TIN_CERTIFICATE'])
    const db = await getDb()
    const [audit] = await db.select().from(audits).where(eq(audits.resource, 'deferrable_mapping'))
    expect(audit).toMatchObject({ action: 'REPLACE', actorId: (await configChecker()).user.id })
    expect((audit!.before as unknown[]).length).toBe(current.items.length)
    expect(audit!.after).toEqual({
      pairs: [
        { registrationClass: 'BN', documentType: 'BN_1' },
        { registrationClass: 'RC', documentType: 'TIN_CERTIFICATE' },
      ],
      authorizationId: expect.any(String),
      makerId: superAdmin.user.id,
      checkerId: (await configChecker()).user.id,
    })

    const unknown = await putApproved('/deferrals/deferrable-mapping', superAdmin.token, {
      items: [
        { registrationClass: 'RC', documentTypeId: tin.id },
        { registrationClass: 'RC', documentTypeId: '00000000-0000-4000-8000-000000000000' },
      ],
    })
    expect(unknown.status).toBe(400)
    expect((await errorsOf(unknown))[0]).toMatchObject({ field: 'items.1.documentTypeId' })
    const repeated = await putApproved('/deferrals/deferrable-mapping', superAdmin.token, {
      items: [
        { registrationClass: 'RC', documentTypeId: tin.id },
        { registrationClass: 'RC', documentTypeId: tin.id },
      ],
    })
    expect((await errorsOf(repeated))[0]).toMatchObject({ field: 'items' })
    expect(
      (
        await errorsOf(
          await putApproved('/deferrals/deferrable-mapping', superAdmin.token, {
            items: [{ registrationClass: 'XX', documentTypeId: tin.id }],
          }),
        )
      )[0],
    ).toMatchObject({ field: 'items.0.registrationClass' })
    expect((await putApproved('/deferrals/deferrable-mapping', approver.token, { items: [] })).status).toBe(403)
    expect((await putApproved('/deferrals/deferrable-mapping', setup.owner.token, { items: [] })).status).toBe(403)

    // Restore what the seed had, so the rest of the file sees the usual mapping.
    const restored = await json<DeferrableMappingAnswer>(
      await putApproved('/deferrals/deferrable-mapping', superAdmin.token, {
        items: current.items.map((i) => ({ registrationClass: i.registrationClass, documentTypeId: i.documentTypeId })),
      }),
    )
    expect(restored.items.length).toBe(current.items.length)
  })

  it('lists every call in /openapi.json', async () => {
    const doc = (await (await api('/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
    const expected: Array<[string, string]> = [
      ['/deferrals', 'get'],
      ['/deferrals/reviews', 'get'],
      ['/deferrals/{id}', 'get'],
      ['/deferrals/approval', 'put'],
      ['/deferrals/approval/{deferralId}', 'put'],
      ['/deferrals/deferrable-days/{days}', 'put'],
      ['/deferrals/deferrable-mapping', 'get'],
      ['/deferrals/deferrable-mapping', 'put'],
    ]
    for (const [path, method] of expected) expect(doc.paths[`/api/v1${path}`]?.[method], `${method} ${path}`).toBeDefined()
  })
})
