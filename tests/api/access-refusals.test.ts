import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '@/lib/config/env'
import { createApp } from '@/server/app'
import { getDb } from '@/server/db/client'
import {
  audits,
  businesses,
  businessUsers,
  deferrals,
  draftForms,
  existingProfileRequests,
  kycAddresses,
  kycDetails,
  kycDocuments,
  mailOutbox,
  meansOfIds,
  shareholders,
  users,
} from '@/server/db/schema'
import { MAX_ADDRESSES_PER_KYC } from '@/server/modules/kyc/kyc-addresses'
import { MAX_IDS_PER_KYC } from '@/server/modules/kyc/means-of-ids'
import { api, errorsOf, signedInUser } from './helpers'
import { typeByCode } from './kyc-document-fixtures'
import { addressBody, corporateBody, createKyc, individualBody, meansOfIdBody, uploadFile } from './kyc-fixtures'

/**
 * Rules that "can read the business" would silently weaken: each refusal is asserted with its status and code, and
 * the records it would have changed are read whole before and after and must be deep-equal (not merely counted).
 */

type User = Awaited<ReturnType<typeof signedInUser>>

const ok = async (res: Response, status = 200) => {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as Record<string, unknown>
}

async function refused(res: Response, status: number, code: string) {
  expect(res.status, await res.clone().text()).toBe(status)
  expect((await errorsOf(res))[0]!.code).toBe(code)
}

/** Every row a business owns that these calls could touch, in a stable order. */
async function recordsOf(businessId: string) {
  const db = await getDb()
  const [business] = await db.select().from(businesses).where(eq(businesses.id, businessId))
  return {
    business,
    members: await db.select().from(businessUsers).where(eq(businessUsers.businessId, businessId)).orderBy(asc(businessUsers.id)),
    accessRequests: await db
      .select()
      .from(existingProfileRequests)
      .where(eq(existingProfileRequests.businessId, businessId))
      .orderBy(asc(existingProfileRequests.id)),
    kyc: await db.select().from(kycDetails).where(eq(kycDetails.businessId, businessId)).orderBy(asc(kycDetails.id)),
    addresses: await db.select().from(kycAddresses).where(eq(kycAddresses.businessId, businessId)).orderBy(asc(kycAddresses.id)),
    meansOfIds: await db.select().from(meansOfIds).where(eq(meansOfIds.businessId, businessId)).orderBy(asc(meansOfIds.id)),
    shareholders: await db
      .select()
      .from(shareholders)
      .where(eq(shareholders.businessId, businessId))
      .orderBy(asc(shareholders.id)),
    drafts: await db.select().from(draftForms).where(eq(draftForms.businessId, businessId)).orderBy(asc(draftForms.id)),
    documents: await db.select().from(kycDocuments).where(eq(kycDocuments.businessId, businessId)).orderBy(asc(kycDocuments.id)),
    deferrals: await db.select().from(deferrals).where(eq(deferrals.businessId, businessId)).orderBy(asc(deferrals.id)),
    auditRows: await db.select().from(audits).where(eq(audits.resourceId, businessId)).orderBy(asc(audits.id)),
  }
}

describe('a plain member (BUSINESS_MEMBER) of the business', () => {
  let owner: User
  let member: User
  let businessId: string
  let otherMembershipId: string
  let requestId: string

  beforeAll(async () => {
    owner = await signedInUser({ businesses: [{}] })
    businessId = owner.businessIds[0]!
    member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    const other = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    const list = (await ok(await api(`/businesses/${businessId}/users?pageSize=100`, { token: owner.token }))).content as {
      id: string
      email: string
    }[]
    otherMembershipId = list.find((u) => u.email === other.user.email)!.id
    const regNo = String((await ok(await api(`/businesses/${businessId}`, { token: owner.token }))).regNo)
    const requester = await signedInUser()
    requestId = String(
      (
        await ok(
          await api('/existing-profile?type=business', { method: 'POST', token: requester.token, json: { identifier: regNo } }),
          201,
        )
      ).id,
    )
  })

  it('cannot invite, change or remove users, see or decide access requests, or edit the business; nothing changes', async () => {
    const before = await recordsOf(businessId)
    const invitee = `invitee-${randomUUID()}@example.test`
    const calls: Array<[string, string, unknown?]> = [
      ['POST', '/businesses/user', { businessId, email: invitee, role: 'BUSINESS_MEMBER' }],
      ['POST', '/businesses/user', { businessId, email: invitee, role: 'BUSINESS_OWNER' }],
      ['PUT', `/businesses/user/${otherMembershipId}`, { role: 'BUSINESS_OWNER' }],
      ['PUT', `/businesses/user/${otherMembershipId}`, { isActive: false }],
      ['DELETE', `/businesses/user/${otherMembershipId}`],
      ['GET', `/existing-profile/requests?businessId=${businessId}`],
      ['PUT', `/existing-profile/requests/${requestId}`, { decision: 'ACCEPTED' }],
      ['PUT', `/existing-profile/requests/${requestId}`, { decision: 'REFUSED' }],
      ['PATCH', `/businesses/${businessId}`, { website: 'https://taken-over.example.ng' }],
      ['PATCH', `/businesses/${businessId}`, { email: 'member@taken-over.example.ng', address: { line1: '1 Elsewhere Road' } }],
    ]
    for (const [method, path, json] of calls) {
      const res = await api(path, { method, token: member.token, ...(json ? { json } : {}) })
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(403)
      expect((await errorsOf(res))[0]!.code).toBe('FORBIDDEN')
    }
    expect(await recordsOf(businessId)).toEqual(before)
    const db = await getDb()
    expect(await db.select().from(users).where(eq(users.email, invitee))).toEqual([])
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, invitee))).toEqual([])
    // The owner may do each of them: the refusals above are about the member's role, not the calls.
    await ok(await api(`/existing-profile/requests?businessId=${businessId}`, { token: owner.token }))
    await ok(await api(`/businesses/user/${otherMembershipId}`, { method: 'PUT', token: owner.token, json: { isActive: false } }))
  })
})

describe('deleting KYC details (issue 32, finding 7)', () => {
  let owner: User
  let businessId: string
  let corporateId: string
  let documentId: string
  let draftId: string

  beforeAll(async () => {
    owner = await signedInUser({ businesses: [{}] })
    businessId = owner.businessIds[0]!
    const t = owner.token
    const kycId = (await createKyc(t, businessId)).id
    corporateId = String(
      (
        await ok(
          await api('/kyc/shareholders', { method: 'POST', token: t, json: corporateBody(kycId, { percentage: 40 }) }),
          201,
        )
      ).id,
    )
    const tin = await typeByCode('TIN_CERTIFICATE')
    const fileId = await uploadFile(t, businessId, 'KYC_DOCUMENT')
    documentId = String(
      (
        await ok(
          await api('/kyc/documents', {
            method: 'POST',
            token: t,
            json: { kycDetailsId: kycId, documentTypeId: tin.id, fileId },
          }),
          201,
        )
      ).id,
    )
    draftId = String(
      (
        await ok(
          await api('/draft-forms', {
            method: 'POST',
            token: t,
            json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { note: 'the owner typed this' } },
          }),
          201,
        )
      ).id,
    )
  })

  it('needs CAN_DELETE_KYC_DETAIL: a plain member and an onboarding officer are refused (403) a document, a shareholder and a draft; nothing changes', async () => {
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const before = await recordsOf(businessId)
    for (const user of [member, officer]) {
      for (const path of [`/kyc/documents/${documentId}`, `/kyc/shareholders/${corporateId}`, `/draft-forms/${draftId}`]) {
        const res = await api(path, { method: 'DELETE', token: user.token })
        expect(res.status, `DELETE ${path}: ${await res.clone().text()}`).toBe(403)
        expect(await errorsOf(res)).toEqual([
          expect.objectContaining({ code: 'FORBIDDEN', permissions: ['CAN_DELETE_KYC_DETAIL'] }),
        ])
      }
    }
    expect(await recordsOf(businessId)).toEqual(before)

    // A KYC editor still discards the draft they saved themselves (the step form does, once the step is saved).
    const own = await ok(
      await api('/draft-forms', {
        method: 'POST',
        token: member.token,
        json: { businessId, kycDetailTypeId: 'MEANS_OF_ID', data: { note: 'mine' } },
      }),
      201,
    )
    expect((await api(`/draft-forms/${String(own.id)}`, { method: 'DELETE', token: member.token })).status).toBe(204)
    // The owner holds the permission.
    for (const path of [`/kyc/documents/${documentId}`, `/kyc/shareholders/${corporateId}`, `/draft-forms/${draftId}`])
      expect((await api(path, { method: 'DELETE', token: owner.token })).status, path).toBeLessThan(300)
  })

  it('a business user cannot choose its division (it decides the fees), at registration or later; staff can', async () => {
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const divisions = (await (await api('/business-divisions', { token: admin.token })).json()) as { id: string }[]
    const divisionId = divisions[0]!.id
    const before = await recordsOf(businessId)
    const patch = await api(`/businesses/${businessId}`, { method: 'PATCH', token: owner.token, json: { divisionId } })
    expect(patch.status).toBe(403)
    expect(await errorsOf(patch)).toEqual([expect.objectContaining({ code: 'FORBIDDEN', field: 'divisionId' })])
    expect(await recordsOf(businessId)).toEqual(before)

    const loner = await signedInUser()
    const types = (await (await api('/business-types')).json()) as { id: string }[]
    const categories = (await (await api('/business-categories')).json()) as { id: string }[]
    const register = await api('/businesses', {
      method: 'POST',
      token: loner.token,
      json: {
        name: `Division Foods ${randomUUID().slice(0, 8)} Limited`,
        regNo: `RC${String(Date.now()).slice(-7)}`,
        typeId: types[0]!.id,
        categoryId: categories[0]!.id,
        divisionId,
        email: 'hello@division.example.ng',
        phone: '+2348031234567',
        address: { line1: '12 Marina Road', city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
      },
    })
    expect(register.status, await register.clone().text()).toBe(403)
    expect((await errorsOf(register))[0]).toMatchObject({ code: 'FORBIDDEN', field: 'divisionId' })

    const staff = await api(`/businesses/${businessId}`, { method: 'PATCH', token: admin.token, json: { divisionId } })
    expect(staff.status, await staff.clone().text()).toBe(200)
    expect(await staff.json()).toMatchObject({ divisionId })
  })
})

describe('an ARCHIVED business', () => {
  let owner: User
  let businessId: string
  let kycId: string
  let addressId: string
  let meansOfIdId: string
  let corporateId: string
  let draftId: string
  let spareFileId: string

  beforeAll(async () => {
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    owner = await signedInUser({ businesses: [{}] })
    businessId = owner.businessIds[0]!
    const t = owner.token
    kycId = (await createKyc(t, businessId)).id
    addressId = String((await ok(await api('/kyc/addresses', { method: 'POST', token: t, json: addressBody(kycId) }), 201)).id)
    corporateId = String(
      (
        await ok(
          await api('/kyc/shareholders', { method: 'POST', token: t, json: corporateBody(kycId, { percentage: 40 }) }),
          201,
        )
      ).id,
    )
    meansOfIdId = String(
      (await ok(await api('/kyc/means-of-ids', { method: 'POST', token: t, json: meansOfIdBody(kycId) }), 201)).id,
    )
    draftId = String(
      (
        await ok(
          await api('/draft-forms', {
            method: 'POST',
            token: t,
            json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { note: 'half done' } },
          }),
          201,
        )
      ).id,
    )
    spareFileId = await uploadFile(t, businessId, 'KYC_DOCUMENT')
    await ok(
      await api(`/archive/business/${businessId}`, {
        method: 'POST',
        token: admin.token,
        json: { reason: 'Ceased trading in 2025' },
      }),
    )
  })

  it('refuses every KYC write and a deferral request with 409 INVALID_STATE, and nothing changes', async () => {
    const tin = await typeByCode('TIN_CERTIFICATE')
    const memart = await typeByCode('MEMART')
    const before = await recordsOf(businessId)
    expect(before.business!.archiveStatus).toBe('ARCHIVED')
    const calls: Array<[string, string, unknown?]> = [
      ['PUT', `/kyc/details/${kycId}`, { natureOfBusiness: 'Something else' }],
      ['POST', '/kyc/addresses', addressBody(kycId, { type: 'OPERATING' })],
      ['PUT', `/kyc/addresses/${addressId}`, { line2: 'Second floor' }],
      ['DELETE', `/kyc/addresses/${addressId}`],
      ['POST', '/kyc/means-of-ids', meansOfIdBody(kycId, { idNumber: 'b7654 3210' })],
      ['PUT', `/kyc/means-of-ids/${meansOfIdId}`, { firstName: 'Chidi' }],
      ['DELETE', `/kyc/means-of-ids/${meansOfIdId}`],
      ['POST', '/kyc/shareholders', individualBody(kycId, { percentage: 10 })],
      ['PUT', `/kyc/shareholders/${corporateId}`, { companyName: 'Renamed Holdings Limited' }],
      ['DELETE', `/kyc/shareholders/${corporateId}`],
      ['POST', '/draft-forms', { businessId, kycDetailTypeId: 'SHAREHOLDERS', data: { note: 'new' } }],
      ['PUT', `/draft-forms/${draftId}`, { data: { note: 'changed' } }],
      ['DELETE', `/draft-forms/${draftId}`],
      ['POST', '/kyc/documents', { kycDetailsId: kycId, documentTypeId: tin.id, fileId: spareFileId }],
      ['PUT', `/businesses/${businessId}/completed-kyc-details`],
      ['DELETE', `/kyc/${kycId}`],
      ['POST', '/deferrals', { businessId, documentTypeId: memart.id, days: 10, reason: 'The CAC has not issued it yet.' }],
    ]
    for (const [method, path, json] of calls) {
      const res = await api(path, { method, token: owner.token, ...(json ? { json } : {}) })
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(409)
      expect((await errorsOf(res))[0]!.code).toBe('INVALID_STATE')
    }
    expect(await recordsOf(businessId)).toEqual(before)
  })
})

describe('the address and means-of-ID caps', () => {
  let owner: User
  let businessId: string
  let kycId: string

  beforeAll(async () => {
    owner = await signedInUser({ businesses: [{}] })
    businessId = owner.businessIds[0]!
    kycId = (await createKyc(owner.token, businessId)).id
  })

  it(`a KYC record holds at most ${MAX_ADDRESSES_PER_KYC} addresses: the last one fits, the next is refused and nothing changes`, async () => {
    const db = await getDb()
    await db.insert(kycAddresses).values(
      Array.from({ length: MAX_ADDRESSES_PER_KYC - 1 }, (_, i) => ({
        kycDetailsId: kycId,
        businessId,
        type: 'OPERATING' as const,
        line1: `${i + 1} Broad Street`,
        country: 'Nigeria',
        state: 'Lagos',
        lga: 'Lagos Island',
      })),
    )
    await ok(
      await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kycId, { type: 'OPERATING' }) }),
      201,
    )
    const before = await db.select().from(kycAddresses).where(eq(kycAddresses.kycDetailsId, kycId)).orderBy(asc(kycAddresses.id))
    expect(before).toHaveLength(MAX_ADDRESSES_PER_KYC)
    await refused(
      await api('/kyc/addresses', {
        method: 'POST',
        token: owner.token,
        json: addressBody(kycId, { type: 'OPERATING', line1: '99 Marina' }),
      }),
      409,
      'CONFLICT',
    )
    expect(
      await db.select().from(kycAddresses).where(eq(kycAddresses.kycDetailsId, kycId)).orderBy(asc(kycAddresses.id)),
    ).toEqual(before)
  })

  it(`a KYC record holds at most ${MAX_IDS_PER_KYC} means of ID: the last one fits, the next is refused and nothing changes`, async () => {
    const db = await getDb()
    await db.insert(meansOfIds).values(
      Array.from({ length: MAX_IDS_PER_KYC - 1 }, (_, i) => ({
        kycDetailsId: kycId,
        businessId,
        firstName: 'Ada',
        lastName: `Obi ${i}`,
        role: 'DIRECTOR' as const,
        idType: 'NATIONAL_ID_CARD' as const,
        idNumber: String(10_000_000_000 + i),
      })),
    )
    await ok(await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kycId) }), 201)
    const before = await db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, kycId)).orderBy(asc(meansOfIds.id))
    expect(before).toHaveLength(MAX_IDS_PER_KYC)
    await refused(
      await api('/kyc/means-of-ids', {
        method: 'POST',
        token: owner.token,
        json: meansOfIdBody(kycId, { idNumber: 'b7654 3210' }),
      }),
      409,
      'CONFLICT',
    )
    expect(await db.select().from(meansOfIds).where(eq(meansOfIds.kycDetailsId, kycId)).orderBy(asc(meansOfIds.id))).toEqual(
      before,
    )
  })
})

describe('the development outbox', () => {
  it('is never mounted in production, even with ENABLE_DEV_OUTBOX=true: 404 and absent from the document', async () => {
    const production = loadConfig({
      ...process.env,
      APP_ENV: 'production',
      ENABLE_DEV_OUTBOX: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      JWT_SECRET: process.env.JWT_SECRET ?? 'j'.repeat(40),
      SESSION_SECRET: process.env.SESSION_SECRET ?? 's'.repeat(40),
    })
    expect(production.mail.devOutboxEnabled).toBe(false)

    const holder = globalThis as unknown as { __appConfig?: ReturnType<typeof loadConfig> }
    const current = holder.__appConfig
    holder.__appConfig = production
    let app: ReturnType<typeof createApp>
    try {
      app = createApp()
    } finally {
      holder.__appConfig = current
    }
    const owner = await signedInUser({ businesses: [{}] })
    await api('/accounts/recover-password', { method: 'POST', json: { email: owner.user.email } })
    const res = await app.request(`/api/v1/dev/outbox?to=${encodeURIComponent(owner.user.email)}`)
    expect(res.status).toBe(404)
    expect((await errorsOf(res))[0]!.code).toBe('ROUTE_NOT_FOUND')
    const document = (await (await app.request('/api/v1/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(document.paths).some((p) => p.includes('/dev/outbox'))).toBe(false)

    // The test app (development, outbox enabled) does list it: the refusal above is production's, not a broken route.
    expect((await api(`/dev/outbox?to=${encodeURIComponent(owner.user.email)}`)).status).toBe(200)
  })
})
