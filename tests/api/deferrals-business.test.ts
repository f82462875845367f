import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Business } from '@/lib/contracts/businesses'
import { businessListQuerySchema } from '@/lib/contracts/businesses'
import type { Deferral } from '@/lib/contracts/deferrals'
import type { DocumentChecklist } from '@/lib/contracts/kyc-documents'
import { getDb } from '@/server/db/client'
import { appSettings, audits, deferrals } from '@/server/db/schema'
import { findBusinesses } from '@/server/modules/businesses/find-businesses'
import { getBusiness } from '@/server/modules/businesses/get-business'
import { api, errorsOf, signedInUser } from './helpers'
import { approveDeferralDirectly, attach, createKycDetails, requestDeferral, typeByCode } from './kyc-document-fixtures'
import { ownerWithBusiness } from './kyc-fixtures'

async function json<T>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

const reason = 'The CAC has not issued it yet; we applied last week.'
const DAY = 86_400_000

describe('deferrable types, mapping and maximum days', () => {
  it('answers the maximum from the setting, 30 by default', async () => {
    const { owner } = await ownerWithBusiness()
    expect((await api('/deferrals/deferrable-max-days')).status).toBe(401)
    expect(await json(await api('/deferrals/deferrable-max-days', { token: owner.token }))).toEqual({ maxDays: 30 })
    const db = await getDb()
    await db.insert(appSettings).values({ key: 'deferral.maxDays', value: 45 })
    try {
      expect(await json(await api('/deferrals/deferrable-max-days', { token: owner.token }))).toEqual({ maxDays: 45 })
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, 'deferral.maxDays'))
    }
  })

  it('lists the mapping to holders of CAN_READ_DEFERRABLE_MAPPING', async () => {
    const { owner } = await ownerWithBusiness()
    const mapping = await json<{ registrationClass: string; documentType: { code: string } }[]>(
      await api('/deferrals/deferrable-list', { token: owner.token }),
    )
    const rc = mapping.filter((m) => m.registrationClass === 'RC').map((m) => m.documentType.code)
    expect(rc).toEqual(
      expect.arrayContaining([
        'CAC_2',
        'CAC_7',
        'CAC_STATUS_REPORT',
        'MEMART',
        'TIN_CERTIFICATE',
        'BOARD_RESOLUTION',
        'SCUML_CERTIFICATE',
      ]),
    )
    expect(rc).not.toContain('CERTIFICATE_OF_INCORPORATION')
    expect(mapping.filter((m) => m.registrationClass === 'BN').map((m) => m.documentType.code)).toContain('BN_1')
    const nobody = await signedInUser()
    expect((await api('/deferrals/deferrable-list', { token: nobody.token })).status).toBe(403)
  })

  it('lists what this business may still defer: its class, the CAC kind asked for, not uploaded, no open deferral', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await createKycDetails(business.id)
    const codes = async (query: string) =>
      (await json<{ code: string }[]>(await api(`/deferrals/deferrable?id=${business.id}${query}`, { token: owner.token })))
        .map((t) => t.code)
        .sort()
    expect(await codes('&isCAC=1')).toEqual(['CAC_2', 'CAC_7', 'CAC_STATUS_REPORT', 'MEMART'])
    expect(await codes('&isCAC=0')).toEqual(['BOARD_RESOLUTION', 'SCUML_CERTIFICATE', 'TIN_CERTIFICATE'])

    expect((await attach(owner.token, business, details.id, 'CAC_2')).status).toBe(201)
    await requestDeferral(owner.token, business.id, 'MEMART')
    expect(await codes('&isCAC=1')).toEqual(['CAC_7', 'CAC_STATUS_REPORT'])
    expect(await codes('')).toEqual(['BOARD_RESOLUTION', 'CAC_7', 'CAC_STATUS_REPORT', 'SCUML_CERTIFICATE', 'TIN_CERTIFICATE'])

    const { business: bn, owner: bnOwner } = await ownerWithBusiness('BN')
    const bnCac = await json<{ code: string }[]>(
      await api(`/deferrals/deferrable?id=${bn.id}&isCAC=true`, { token: bnOwner.token }),
    )
    expect(bnCac.map((t) => t.code)).toEqual(['BN_1'])

    expect((await api(`/deferrals/deferrable?id=${business.id}`, { token: bnOwner.token })).status).toBe(404)
    const bad = await api('/deferrals/deferrable?id=nope&isCAC=2', { token: owner.token })
    expect((await errorsOf(bad)).map((e) => e.field).sort()).toEqual(['id', 'isCAC'])
  })
})

describe('requesting a deferral', () => {
  it('records a PENDING request by a business user, audited', async () => {
    const { owner, business } = await ownerWithBusiness()
    const type = await typeByCode('CAC_7')
    const created = await json<Deferral>(
      await api('/deferrals', {
        method: 'POST',
        token: owner.token,
        json: { businessId: business.id, documentTypeId: type.id, days: 21, reason: `  ${reason}  ` },
      }),
      201,
    )
    expect(created).toMatchObject({
      businessId: business.id,
      documentType: { id: type.id, code: 'CAC_7', isCac: true },
      days: 21,
      reason,
      status: 'PENDING',
      displayStatus: 'PENDING',
      isOverdue: false,
      requestedBy: owner.user.id,
      dueDate: null,
      decidedAt: null,
    })
    const db = await getDb()
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'deferral'), eq(audits.resourceId, created.id)))
    expect(audit).toMatchObject({ action: 'REQUEST', actorId: owner.user.id })
    const checklist = await json<DocumentChecklist>(await api(`/kyc/document-checklist/${business.id}`, { token: owner.token }))
    expect(checklist.items.find((i) => i.documentType.code === 'CAC_7')).toMatchObject({
      state: 'DEFERRAL_PENDING',
      canRequestDeferral: false,
      deferral: { id: created.id, days: 21 },
    })
  })

  it('refuses a type that is not deferrable for the class, days over the maximum and bad input, naming the field', async () => {
    const { owner, business } = await ownerWithBusiness()
    const post = (json: Record<string, unknown>) =>
      api('/deferrals', { method: 'POST', token: owner.token, json: { businessId: business.id, reason, days: 10, ...json } })
    const certificate = await post({ documentTypeId: (await typeByCode('CERTIFICATE_OF_INCORPORATION')).id })
    expect(certificate.status).toBe(400)
    expect((await errorsOf(certificate))[0]).toMatchObject({
      code: 'VALIDATION_FAILED',
      field: 'documentTypeId',
      message: expect.stringMatching(/cannot be deferred for RC/),
    })
    // BN 1 is deferrable, but for business names, not companies.
    expect((await errorsOf(await post({ documentTypeId: (await typeByCode('BN_1')).id })))[0]).toMatchObject({
      field: 'documentTypeId',
    })

    const cac2 = (await typeByCode('CAC_2')).id
    const tooLong = await post({ documentTypeId: cac2, days: 31 })
    expect(tooLong.status).toBe(400)
    expect((await errorsOf(tooLong))[0]).toMatchObject({ field: 'days', message: 'A deferral is at most 30 days' })
    const db = await getDb()
    await db.insert(appSettings).values({ key: 'deferral.maxDays', value: 40 })
    try {
      expect((await post({ documentTypeId: cac2, days: 31 })).status).toBe(201)
    } finally {
      await db.delete(appSettings).where(eq(appSettings.key, 'deferral.maxDays'))
    }

    const invalid = await post({ documentTypeId: 'x', days: 0, reason: 'soon' })
    expect(invalid.status).toBe(400)
    expect((await errorsOf(invalid)).map((e) => e.field).sort()).toEqual(['days', 'documentTypeId', 'reason'])
    expect((await errorsOf(await post({ documentTypeId: cac2, days: 2.5 })))[0]).toMatchObject({ field: 'days' })
    expect((await post({ documentTypeId: '00000000-0000-4000-8000-000000000000' })).status).toBe(400)
  })

  it('allows one open deferral per type (409, also under concurrent requests) and a new one after a rejection', async () => {
    const { owner, business } = await ownerWithBusiness()
    const documentTypeId = (await typeByCode('TIN_CERTIFICATE')).id
    const post = () =>
      api('/deferrals', {
        method: 'POST',
        token: owner.token,
        json: { businessId: business.id, documentTypeId, days: 7, reason },
      })
    const answers = await Promise.all(Array.from({ length: 5 }, post))
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409])
    const conflict = answers.find((r) => r.status === 409)!
    expect((await errorsOf(conflict))[0]).toMatchObject({ code: 'CONFLICT', field: 'documentTypeId' })

    const db = await getDb()
    const [open] = await db.select().from(deferrals).where(eq(deferrals.businessId, business.id))
    await db
      .update(deferrals)
      .set({ status: 'REJECTED', decisionComment: 'Provide it now', decidedAt: new Date() })
      .where(eq(deferrals.id, open!.id))
    expect((await post()).status).toBe(201)
  })

  it('refuses a document already uploaded, staff, strangers and members without CAN_CREATE_DEFERRAL', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await createKycDetails(business.id)
    expect((await attach(owner.token, business, details.id, 'MEMART')).status).toBe(201)
    const body = async (code: string) => ({
      businessId: business.id,
      documentTypeId: (await typeByCode(code)).id,
      days: 5,
      reason,
    })
    const uploaded = await api('/deferrals', { method: 'POST', token: owner.token, json: await body('MEMART') })
    expect(uploaded.status).toBe(409)
    expect((await errorsOf(uploaded))[0]).toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/already uploaded/) })

    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    expect((await api('/deferrals', { method: 'POST', token: staff.token, json: await body('CAC_2') })).status).toBe(403)
    const { owner: stranger } = await ownerWithBusiness()
    expect((await api('/deferrals', { method: 'POST', token: stranger.token, json: await body('CAC_2') })).status).toBe(404)
    const member = await signedInUser({ businesses: [{ businessId: business.id, role: 'BUSINESS_MEMBER' }] })
    expect((await api('/deferrals', { method: 'POST', token: member.token, json: await body('CAC_2') })).status).toBe(403)
    expect((await api('/deferrals', { method: 'POST', json: await body('CAC_2') })).status).toBe(401)
  })
})

describe("a business's deferrals and blocking", () => {
  it('lists them paginated, newest first, with OVERDUE derived and filterable; 404 for strangers', async () => {
    const { owner, business } = await ownerWithBusiness()
    const first = await requestDeferral(owner.token, business.id, 'CAC_2', 10)
    const second = await requestDeferral(owner.token, business.id, 'MEMART', 5)
    const third = await requestDeferral(owner.token, business.id, 'TIN_CERTIFICATE', 3)
    await approveDeferralDirectly(first.id, new Date(Date.now() - 20 * DAY)) // due 10 days ago
    await approveDeferralDirectly(second.id, new Date()) // due in 5 days

    const page = await json<{ content: Deferral[]; totalElements: number; totalPages: number }>(
      await api(`/deferrals/business-deferrals/${business.id}?pageSize=2`, { token: owner.token }),
    )
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2 })
    expect(page.content.map((d) => d.id)).toEqual([third.id, second.id])
    const all = await json<{ content: Deferral[] }>(
      await api(`/deferrals/business-deferrals/${business.id}?pageSize=100&recentFirst=false`, { token: owner.token }),
    )
    const overdue = all.content[0]!
    expect(overdue).toMatchObject({ id: first.id, status: 'APPROVED', displayStatus: 'OVERDUE', isOverdue: true })
    expect(new Date(overdue.dueDate!).getTime()).toBeLessThan(Date.now())

    const onlyOverdue = await json<{ content: Deferral[] }>(
      await api(`/deferrals/business-deferrals/${business.id}?status=OVERDUE`, { token: owner.token }),
    )
    expect(onlyOverdue.content.map((d) => d.id)).toEqual([first.id])
    const approved = await json<{ content: Deferral[] }>(
      await api(`/deferrals/business-deferrals/${business.id}?status=APPROVED`, { token: owner.token }),
    )
    expect(approved.content.map((d) => d.id)).toEqual([second.id])

    expect(
      (await api(`/deferrals/business-deferrals/${business.id}?pageSize=101&status=LATE`, { token: owner.token })).status,
    ).toBe(400)
    const { owner: stranger } = await ownerWithBusiness()
    expect((await api(`/deferrals/business-deferrals/${business.id}`, { token: stranger.token })).status).toBe(404)
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect((await api(`/deferrals/business-deferrals/${business.id}`, { token: officer.token })).status).toBe(200)
  })

  it('blocks the business once an approved deferral is past due (injected clock), and the upload unblocks it', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await createKycDetails(business.id)
    const deferral = await requestDeferral(owner.token, business.id, 'CAC_7', 10)
    const decidedAt = new Date('2026-10-22T09:00:00Z')
    await approveDeferralDirectly(deferral.id, decidedAt) // due 2026-11-01T09:00Z
    const db = await getDb()
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const actor = {
      userId: staff.user.id,
      isStaff: true,
      staffPermissions: new Set(['CAN_READ_BUSINESS']),
      memberships: [],
    } as never
    const query = (blocked: boolean) =>
      businessListQuerySchema.parse({ blocked: String(blocked), pageSize: '100', regNo: business.regNo })

    const before = new Date('2026-10-31T12:00:00Z')
    expect(await getBusiness({ db, actor, id: business.id, now: before })).toMatchObject({ blocked: false, blockedReasons: [] })
    expect((await findBusinesses({ db, query: query(true), now: before })).content).toEqual([])
    expect((await findBusinesses({ db, query: query(false), now: before })).content.map((b) => b.id)).toEqual([business.id])

    const after = new Date('2026-11-02T12:00:00Z')
    expect(await getBusiness({ db, actor, id: business.id, now: after })).toMatchObject({
      blocked: true,
      blockedReasons: ['Deferral for CAC 7 – Particulars of directors overdue since 01-Nov-2026'],
    })
    const blockedList = await findBusinesses({ db, query: query(true), now: after })
    expect(blockedList.content.map((b) => [b.id, b.blockedReasons.length])).toEqual([[business.id, 1]])
    expect((await findBusinesses({ db, query: query(false), now: after })).content).toEqual([])

    expect((await attach(owner.token, business, details.id, 'CAC_7')).status).toBe(201)
    expect(await getBusiness({ db, actor, id: business.id, now: after })).toMatchObject({ blocked: false, blockedReasons: [] })
    expect((await findBusinesses({ db, query: query(true), now: after })).content).toEqual([])
  })

  it('shows an overdue deferral in the staff list filter blocked=true through the API', async () => {
    const { owner, business } = await ownerWithBusiness()
    const deferral = await requestDeferral(owner.token, business.id, 'TIN_CERTIFICATE', 2)
    await approveDeferralDirectly(deferral.id, new Date(Date.now() - 5 * DAY))
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const page = await json<{ content: Business[] }>(
      await api(`/businesses?blocked=true&regNo=${business.regNo}`, { token: staff.token }),
    )
    expect(page.content).toHaveLength(1)
    expect(page.content[0]!.blockedReasons[0]).toMatch(/^Deferral for TIN certificate overdue since \d{2}-[A-Z][a-z]{2}-\d{4}$/)
    const notBlocked = await json<{ content: Business[] }>(
      await api(`/businesses?blocked=false&regNo=${business.regNo}`, { token: staff.token }),
    )
    expect(notBlocked.content).toEqual([])
  })
})
