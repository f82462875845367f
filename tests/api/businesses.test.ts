import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, businessCategories, businesses, businessTypes, businessUsers, existingProfileRequests } from '@/server/db/schema'
import { api, createTestBusiness, errorsOf, latestMail, signedInUser } from './helpers'

let typeId: string
let otherTypeId: string
let categoryId: string

beforeAll(async () => {
  const db = await getDb()
  const types = await db.select().from(businessTypes).limit(2)
  typeId = types[0]!.id
  otherTypeId = types[1]!.id
  categoryId = (await db.select().from(businessCategories).limit(1))[0]!.id
})

let seq = 0
const uniqueDigits = () => `${Date.now() % 1_000_000}${++seq}`.slice(-7).padStart(7, '1')

function businessBody(overrides: Record<string, unknown> = {}) {
  const digits = uniqueDigits()
  return {
    name: `Adebayo Foods ${randomUUID().slice(0, 8)} Limited`,
    regNo: `rc ${digits}`,
    typeId,
    categoryId,
    email: `info.${digits}@adebayofoods.ng`,
    phone: '0803 123 4567',
    website: 'https://adebayofoods.ng',
    address: { line1: '14 Broad Street', city: 'Lagos', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island' },
    ...overrides,
  }
}

async function createAsOwner(overrides: Record<string, unknown> = {}) {
  const owner = await signedInUser()
  const res = await api('/businesses', { method: 'POST', token: owner.token, json: businessBody(overrides) })
  expect(res.status).toBe(201)
  const business = (await res.json()) as { id: string; regNo: string; name: string }
  // The membership is new: sign in again so the token's actor carries it.
  const { createSession } = await import('@/server/auth/sessions')
  const { mintAccessToken } = await import('@/server/auth/tokens')
  const db = await getDb()
  const session = await createSession({ db, userId: owner.user.id, passwordVerified: true })
  const token = (await mintAccessToken({ userId: owner.user.id, sessionId: session.id, sessionExpiresAt: session.expiresAt }))
    .accessToken
  return { owner: { ...owner, token }, business }
}

describe('registering a business', () => {
  it('creates it with a normalised registration number, makes the creator its owner and audits it', async () => {
    const { owner, business } = await createAsOwner()
    expect(business.regNo).toMatch(/^RC\d{7}$/)
    const full = (await (await api(`/businesses/${business.id}`, { token: owner.token })).json()) as Record<string, unknown>
    expect(full).toMatchObject({
      registrationClass: 'RC',
      phone: '+2348031234567',
      approvalStatus: 'PENDING',
      kycDetailsCompleted: false,
      archiveStatus: 'ACTIVE',
      blocked: false,
      blockedReasons: [],
      address: { line1: '14 Broad Street', country: 'Nigeria', state: 'Lagos', lga: 'Lagos Island', line2: null },
      createdBy: owner.user.id,
    })
    const mine = (await (await api('/businesses/user-businesses/me', { token: owner.token })).json()) as {
      id: string
      role: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ id: business.id, role: 'BUSINESS_OWNER' })])
    const db = await getDb()
    expect(
      await db.query.audits.findFirst({ where: and(eq(audits.resourceId, business.id), eq(audits.action, 'CREATE')) }),
    ).toBeDefined()
  })

  it('refuses a taken registration number or name (case and spaces ignored) with 409 naming the field', async () => {
    const { business } = await createAsOwner()
    const someone = await signedInUser()
    const sameReg = await api('/businesses', {
      method: 'POST',
      token: someone.token,
      json: businessBody({ regNo: business.regNo.replace('RC', 'rc  ') }),
    })
    expect(sameReg.status).toBe(409)
    expect((await errorsOf(sameReg))[0]).toMatchObject({ code: 'CONFLICT', field: 'regNo' })
    const sameName = await api('/businesses', {
      method: 'POST',
      token: someone.token,
      json: businessBody({ name: business.name.toUpperCase().replace(/ /g, '   ') }),
    })
    expect((await errorsOf(sameName))[0]).toMatchObject({ code: 'CONFLICT', field: 'name' })
    // The number alone may repeat across classes.
    const otherClass = await api('/businesses', {
      method: 'POST',
      token: someone.token,
      json: businessBody({ regNo: business.regNo.replace('RC', 'BN') }),
    })
    expect(otherClass.status).toBe(201)
  })

  it('validates fields and references, naming them', async () => {
    const { token } = await signedInUser()
    const res = await api('/businesses', {
      method: 'POST',
      token,
      json: { ...businessBody({ regNo: 'XX12', phone: '123', website: 'ftp://x' }), address: { line1: '' } },
    })
    expect(res.status).toBe(400)
    expect((await errorsOf(res)).map((e) => e.field).sort()).toEqual([
      'address.country',
      'address.line1',
      'address.state',
      'phone',
      'regNo',
      'website',
    ])
    const badType = await api('/businesses', { method: 'POST', token, json: businessBody({ typeId: randomUUID() }) })
    expect((await errorsOf(badType))[0]).toMatchObject({ code: 'VALIDATION_FAILED', field: 'typeId' })
  })

  it('answers availability checks ignoring case and spaces', async () => {
    const { owner, business } = await createAsOwner()
    const check = async (path: string) => ((await (await api(path, { token: owner.token })).json()) as { exists: boolean }).exists
    expect(await check(`/businesses/check/reg-no/${encodeURIComponent(business.regNo.replace('RC', 'rc '))}`)).toBe(true)
    expect(await check('/businesses/check/reg-no/RC0000001')).toBe(false)
    expect(
      await check(`/businesses/check/business-name/${encodeURIComponent(business.name.toLowerCase().replace(/ /g, ''))}`),
    ).toBe(true)
    expect(await check('/businesses/check/business-name/Nobody%20Trading')).toBe(false)
    expect((await api('/businesses/check/reg-no/RC1')).status).toBe(401)
  })

  it('lets staff register on a business’s behalf, inviting its owner, who sets a password and sees it', async () => {
    const staff = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const missingOwner = await api('/businesses', { method: 'POST', token: staff.token, json: businessBody() })
    expect((await errorsOf(missingOwner))[0]!.field).toBe('ownerEmail')
    const ownerEmail = `owner.${randomUUID().slice(0, 8)}@example.ng`
    const res = await api('/businesses', { method: 'POST', token: staff.token, json: businessBody({ ownerEmail }) })
    expect(res.status).toBe(201)
    const business = (await res.json()) as { id: string }
    const mail = await latestMail(ownerEmail, 'business-invitation')
    const token = /accept-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!
    const accepted = await api('/accounts/accept-invitation', { method: 'POST', json: { token, password: 'Owner-Chosen-77' } })
    expect(accepted.status).toBe(200)
    // The e-mail comes back, so the page signs the owner in with the password just set.
    expect(await accepted.json()).toMatchObject({ email: ownerEmail })
    const login = await api('/accounts/login', { method: 'POST', json: { email: ownerEmail, password: 'Owner-Chosen-77' } })
    const ownerToken = ((await login.json()) as { access_token: string }).access_token
    const mine = (await (await api('/businesses/user-businesses/me', { token: ownerToken })).json()) as {
      id: string
      role: string
    }[]
    expect(mine).toEqual([expect.objectContaining({ id: business.id, role: 'BUSINESS_OWNER' })])
    expect(
      (await api('/accounts/accept-invitation', { method: 'POST', json: { token, password: 'Owner-Chosen-77' } })).status,
    ).toBe(400)
  })

  it('refuses a payment-group approver applying as a business', async () => {
    const { token } = await signedInUser({ staffPermissions: ['CAN_CREATE_BUSINESS', 'CAN_APPROVE_BUSINESS'], iswStaff: true })
    const res = await api('/businesses', { method: 'POST', token, json: businessBody({ ownerEmail: 'x@example.ng' }) })
    expect(res.status).toBe(403)
  })
})

describe('updating a business', () => {
  it('lets its owner change it before approval, audited with before and after', async () => {
    const { owner, business } = await createAsOwner()
    const res = await api(`/businesses/${business.id}`, {
      method: 'PATCH',
      token: owner.token,
      json: { website: 'https://new.example.ng', address: { city: 'Ikeja' } },
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      website: 'https://new.example.ng',
      address: { city: 'Ikeja', line1: '14 Broad Street' },
    })
    const db = await getDb()
    const row = await db.query.audits.findFirst({ where: and(eq(audits.resourceId, business.id), eq(audits.action, 'UPDATE')) })
    expect(row).toMatchObject({ before: { website: 'https://adebayofoods.ng' }, after: { website: 'https://new.example.ng' } })
  })

  it('after approval, only staff with CAN_UPDATE_APPROVED_BUSINESS_INFO may change it', async () => {
    const { owner, business } = await createAsOwner()
    const db = await getDb()
    await db.update(businesses).set({ approvalStatus: 'APPROVED', approvedAt: new Date() }).where(eq(businesses.id, business.id))
    expect(
      (
        await api(`/businesses/${business.id}`, {
          method: 'PATCH',
          token: owner.token,
          json: { city: 'x', website: 'https://a.ng' },
        })
      ).status,
    ).toBe(403)
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    expect(
      (await api(`/businesses/${business.id}`, { method: 'PATCH', token: officer.token, json: { website: 'https://a.ng' } }))
        .status,
    ).toBe(403)
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    expect(
      (await api(`/businesses/${business.id}`, { method: 'PATCH', token: admin.token, json: { website: 'https://a.ng' } }))
        .status,
    ).toBe(200)
  })
})

describe('the staff business list', () => {
  it('filters by every field of spec section 3, paginates and stays staff-only', async () => {
    const db = await getDb()
    const creator = await signedInUser()
    const tag = randomUUID().slice(0, 6)
    const base = { createdBy: creator.user.id }
    const a = await createTestBusiness({
      ...base,
      name: `Zenith Agro ${tag}`,
      kycDetailsCompleted: true,
      approvalStatus: 'APPROVED',
    })
    const b = await createTestBusiness({
      ...base,
      name: `zenith logistics ${tag}`,
      typeId: otherTypeId,
      createdAt: new Date('2020-01-15T10:00:00Z'),
    })
    const c = await createTestBusiness({ ...base, name: `Zenith Archive ${tag}`, archiveStatus: 'ARCHIVED' })
    const d = await createTestBusiness({ ...base, name: `Zenith Overdue ${tag}`, recertificationDate: '2020-01-01' })
    const { token } = await signedInUser({ staffRole: 'AUDITOR' })
    const ids = async (query: string) => {
      const res = await api(`/businesses?createdBy=${creator.user.id}&${query}`, { token })
      expect(res.status, query).toBe(200)
      return ((await res.json()) as { content: { id: string }[] }).content.map((x) => x.id).sort()
    }
    expect(await ids('')).toEqual([a.id, b.id, d.id].sort()) // archived leave the default list
    expect(await ids(`businessName=ZENITH ${'L'}ogistics`)).toEqual([b.id])
    expect(await ids(`businessName=${tag}&kycDetailsCompleted=true`)).toEqual([a.id])
    expect(await ids('approvalStatus=APPROVED')).toEqual([a.id])
    expect(await ids(`typeId=${otherTypeId}`)).toEqual([b.id])
    expect(await ids(`categoryId=${a.categoryId}`)).toEqual([a.id, b.id, d.id].sort())
    expect(await ids(`regNo=${a.regNo.toLowerCase()}`)).toEqual([a.id])
    expect(await ids('from=2019-12-01&to=2020-01-31')).toEqual([b.id])
    expect(await ids('archiveStatus=ARCHIVED')).toEqual([c.id])
    expect(await ids('archiveStatus=ACTIVE&archiveStatus=ARCHIVED')).toEqual([a.id, b.id, c.id, d.id].sort())
    expect(await ids('blocked=true')).toEqual([d.id])
    expect(await ids('blocked=false')).toEqual([a.id, b.id].sort())

    const blocked = (await (await api(`/businesses/${d.id}`, { token })).json()) as { blocked: boolean; blockedReasons: string[] }
    expect(blocked).toMatchObject({ blocked: true, blockedReasons: ['Recertification was due on 01-Jan-2020'] })

    const page = (await (
      await api(`/businesses?createdBy=${creator.user.id}&pageSize=2&pageNumber=2&recentFirst=false`, { token })
    ).json()) as { content: { id: string }[]; totalElements: number; totalPages: number }
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2 })
    expect(page.content).toHaveLength(1)
    expect((await api('/businesses?pageSize=101', { token })).status).toBe(400)
    // No business holds an unknown product (the filter itself is tested with products in onboarding.test.ts).
    expect(await ids(`productId=${randomUUID()}`)).toEqual([])
    expect((await errorsOf(await api('/businesses?productId=pos', { token })))[0]!.field).toBe('productId')
    expect(
      (await errorsOf(await api('/businesses?approvalStatus=MAYBE&archiveStatus=GONE', { token }))).map((e) => e.field).sort(),
    ).toEqual(['approvalStatus', 'archiveStatus.0'])
    expect((await api('/businesses', { token: creator.token })).status).toBe(403)
    await db.delete(businessUsers).where(eq(businessUsers.userId, creator.user.id))
  })

  it('finds my businesses by name or registration number', async () => {
    const { owner, business } = await createAsOwner()
    const search = async (key: string) =>
      (
        (await (
          await api(`/businesses/searchable-user-businesses/me?searchKey=${encodeURIComponent(key)}`, { token: owner.token })
        ).json()) as { id: string }[]
      ).map((b) => b.id)
    expect(await search('adebayo')).toEqual([business.id])
    expect(await search(business.regNo.toLowerCase())).toEqual([business.id])
    expect(await search('nothing-like-it')).toEqual([])
  })
})

describe('business users', () => {
  it('invites existing and new users, changes roles, and never loses the last owner', async () => {
    const { owner, business } = await createAsOwner()
    const colleague = await signedInUser()
    const added = await api('/businesses/user', {
      method: 'POST',
      token: owner.token,
      json: { businessId: business.id, email: colleague.user.email, role: 'BUSINESS_MEMBER' },
    })
    expect(added.status).toBe(201)
    const membership = (await added.json()) as { id: string; role: string; status: string }
    expect(membership).toMatchObject({ role: 'BUSINESS_MEMBER', status: 'ACTIVE' })
    expect((await latestMail(colleague.user.email))!.template).toBe('business-added')
    const again = await api('/businesses/user', {
      method: 'POST',
      token: owner.token,
      json: { businessId: business.id, email: colleague.user.email, role: 'BUSINESS_MEMBER' },
    })
    expect(again.status).toBe(409)

    const newcomer = `new.${randomUUID().slice(0, 8)}@example.ng`
    const invited = await api('/businesses/user', {
      method: 'POST',
      token: owner.token,
      json: { businessId: business.id, email: newcomer, role: 'BUSINESS_MEMBER', firstName: 'Chidi' },
    })
    expect((await invited.json()) as object).toMatchObject({ status: 'PENDING_ACTIVATION', firstName: 'Chidi' })
    expect((await latestMail(newcomer))!.template).toBe('business-invitation')

    const list = (await (await api(`/businesses/${business.id}/users?searchKey=chidi`, { token: owner.token })).json()) as {
      content: { email: string }[]
      totalElements: number
    }
    expect(list.content.map((u) => u.email)).toEqual([newcomer])

    const ownerRow = (
      (await (await api(`/businesses/${business.id}/users`, { token: owner.token })).json()) as {
        content: { id: string; role: string }[]
      }
    ).content.find((u) => u.role === 'BUSINESS_OWNER')!
    const demote = await api(`/businesses/user/${ownerRow.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { role: 'BUSINESS_MEMBER' },
    })
    expect(demote.status).toBe(409)
    expect((await api(`/businesses/user/${ownerRow.id}`, { method: 'DELETE', token: owner.token })).status).toBe(409)
    expect(
      (await api(`/businesses/user/${ownerRow.id}`, { method: 'PUT', token: owner.token, json: { isActive: false } })).status,
    ).toBe(409)

    const promote = await api(`/businesses/user/${membership.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { role: 'BUSINESS_OWNER' },
    })
    expect(await promote.json()).toMatchObject({ role: 'BUSINESS_OWNER' })
    expect((await api(`/businesses/user/${ownerRow.id}`, { method: 'DELETE', token: owner.token })).status).toBe(204)
  })

  it('lists business users across businesses for staff only', async () => {
    const { owner } = await createAsOwner()
    const staff = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const page = (await (
      await api(`/business-users/search?searchKey=${encodeURIComponent(owner.user.email)}`, { token: staff.token })
    ).json()) as { content: { id: string; email: string }[] }
    expect(page.content.map((u) => u.email)).toEqual([owner.user.email])
    const details = (await (await api(`/business-users/${page.content[0]!.id}/details`, { token: staff.token })).json()) as {
      business: { name: string }
    }
    expect(details.business.name).toMatch(/Adebayo Foods/)
    expect((await api('/business-users', { token: owner.token })).status).toBe(403)
  })
})

describe('object-level access', () => {
  it('answers 404 to a second business’s owner on every business-scoped call of the first', async () => {
    const first = await createAsOwner()
    const second = await createAsOwner()
    const firstUsers = (await (await api(`/businesses/${first.business.id}/users`, { token: first.owner.token })).json()) as {
      content: { id: string }[]
    }
    const membershipId = firstUsers.content[0]!.id
    const requester = await signedInUser()
    const request = (await (
      await api('/existing-profile?type=business', {
        method: 'POST',
        token: requester.token,
        json: { identifier: first.business.regNo },
      })
    ).json()) as { id: string }

    const attempts: [string, string, unknown?][] = [
      ['GET', `/businesses/${first.business.id}`],
      ['PATCH', `/businesses/${first.business.id}`, { website: 'https://hijack.ng' }],
      ['GET', `/businesses/pdf-info/${first.business.id}`],
      ['GET', `/businesses/${first.business.id}/users`],
      ['GET', `/businesses/${first.business.id}/products`],
      ['POST', '/businesses/user', { businessId: first.business.id, email: 'spy@example.ng', role: 'BUSINESS_OWNER' }],
      ['PUT', `/businesses/user/${membershipId}`, { role: 'BUSINESS_MEMBER' }],
      ['DELETE', `/businesses/user/${membershipId}`],
      ['GET', `/existing-profile/requests?businessId=${first.business.id}`],
      ['PUT', `/existing-profile/requests/${request.id}`, { decision: 'ACCEPTED' }],
    ]
    for (const [method, path, json] of attempts) {
      const res = await api(path, { method, token: second.owner.token, json })
      expect(res.status, `${method} ${path}`).toBe(404)
    }
    const still = (await (await api(`/businesses/${first.business.id}`, { token: first.owner.token })).json()) as {
      website: string
    }
    expect(still.website).toBe('https://adebayofoods.ng')
  })
})

describe('existing profiles', () => {
  it('refuses staff an access request (403, nothing recorded, nobody e-mailed); business owners and members may ask', async () => {
    const { owner, business } = await (async () => {
      const u = await signedInUser({ businesses: [{}] })
      const db = await getDb()
      const [b] = await db.select().from(businesses).where(eq(businesses.id, u.businessIds[0]!))
      return { owner: u, business: b! }
    })()
    const db = await getDb()
    const requestsOf = () => db.select().from(existingProfileRequests).where(eq(existingProfileRequests.businessId, business.id))
    const ask = (token: string) =>
      api('/existing-profile?type=business', {
        method: 'POST',
        token,
        json: { identifier: business.regNo, message: 'Let me in' },
      })
    for (const staffRole of ['AUDITOR', 'GOVERNMENT_OFFICER', 'PRODUCT_MANAGER', 'ONBOARDING_OFFICER'] as const) {
      const staff = await signedInUser({ staffRole })
      const res = await ask(staff.token)
      expect(res.status, staffRole).toBe(403)
      expect((await errorsOf(res))[0]!.code).toBe('FORBIDDEN')
    }
    expect(await requestsOf()).toEqual([])
    expect(await latestMail(owner.user.email, 'access-request')).toBeUndefined()

    const otherOwner = await signedInUser({ businesses: [{}] })
    const member = await signedInUser({ businesses: [{ role: 'BUSINESS_MEMBER' }] })
    for (const user of [otherOwner, member]) expect((await ask(user.token)).status).toBe(201)
    expect(await requestsOf()).toHaveLength(2)
  })

  it('looks up a business by registration number or e-mail with a masked name, and lets its owner accept a request once', async () => {
    const { owner, business } = await createAsOwner({ name: `Chukwu Motors ${uniqueDigits()}` })
    const requester = await signedInUser()
    const lookup = (await (
      await api(`/existing-profile?identifier=${encodeURIComponent(business.regNo)}&type=business`, { token: requester.token })
    ).json()) as { exists: boolean; maskedName: string }
    expect(lookup.exists).toBe(true)
    expect(lookup.maskedName).toMatch(/^Ch\*{4} Mo\*{4} /)
    expect(lookup.maskedName).not.toContain('Chukwu')
    const unknown = (await (
      await api('/existing-profile?identifier=RC9999990&type=business', { token: requester.token })
    ).json()) as { exists: boolean }
    expect(unknown.exists).toBe(false)

    const asked = await api('/existing-profile?type=business', {
      method: 'POST',
      token: requester.token,
      json: { identifier: business.regNo, message: 'I am the new accountant' },
    })
    expect(asked.status).toBe(201)
    const { id } = (await asked.json()) as { id: string }
    expect(
      (
        await api('/existing-profile?type=business', {
          method: 'POST',
          token: requester.token,
          json: { identifier: business.regNo },
        })
      ).status,
    ).toBe(409)

    const requests = (await (
      await api(`/existing-profile/requests?businessId=${business.id}`, { token: owner.token })
    ).json()) as { id: string; status: string; message: string }[]
    expect(requests).toEqual([expect.objectContaining({ id, status: 'PENDING', message: 'I am the new accountant' })])
    const decided = await api(`/existing-profile/requests/${id}`, {
      method: 'PUT',
      token: owner.token,
      json: { decision: 'ACCEPTED' },
    })
    expect(decided.status).toBe(200)
    expect(
      (await api(`/existing-profile/requests/${id}`, { method: 'PUT', token: owner.token, json: { decision: 'REFUSED' } }))
        .status,
    ).toBe(409)
    expect((await latestMail(requester.user.email))!.template).toBe('access-request-accepted')
    const db = await getDb()
    const membership = await db.query.businessUsers.findFirst({
      where: and(eq(businessUsers.businessId, business.id), eq(businessUsers.userId, requester.user.id)),
    })
    expect(membership?.isActive).toBe(true)
  })
})

describe('reference lists and divisions', () => {
  it('serves seeded types and categories publicly', async () => {
    const types = (await (await api('/business-types')).json()) as { name: string }[]
    expect(types.map((t) => t.name)).toContain('Private Limited Company')
    const categories = (await (await api('/business-categories')).json()) as { name: string }[]
    expect(categories.map((c) => c.name)).toContain('Agriculture and Agro-allied')
  })

  it('lets product staff create and update divisions, refusing duplicates', async () => {
    const staff = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    const code = `D${uniqueDigits()}`
    const created = await api('/business-divisions', {
      method: 'POST',
      token: staff.token,
      json: { name: `Treasury ${code}`, code: code.toLowerCase() },
    })
    expect(created.status).toBe(201)
    const division = (await created.json()) as { id: string; code: string }
    expect(division.code).toBe(code)
    expect(
      (await api('/business-divisions', { method: 'POST', token: staff.token, json: { name: `Other ${code}`, code } })).status,
    ).toBe(409)
    const updated = await api(`/business-divisions/${division.id}`, {
      method: 'PUT',
      token: staff.token,
      json: { name: `Treasury Ops ${code}`, code, isActive: false },
    })
    expect(await updated.json()).toMatchObject({ name: `Treasury Ops ${code}`, isActive: false })
    const owner = await signedInUser()
    expect(
      (await api('/business-divisions', { method: 'POST', token: owner.token, json: { name: 'X', code: 'XX' } })).status,
    ).toBe(403)
    const list = (await (await api('/business-divisions', { token: owner.token })).json()) as { code: string }[]
    expect(list.map((d) => d.code)).toEqual(expect.arrayContaining(['PAY', 'LND', code]))
    expect((await api(`/business-divisions/${division.id}/products`, { token: owner.token })).status).toBe(200)
    expect((await api(`/business-divisions/${randomUUID()}/products`, { token: owner.token })).status).toBe(404)
  })
})
