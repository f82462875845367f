import { and, eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { kycVerifications, meansOfIds, shareholders } from '@/server/db/schema'
import { createHttpProvider } from '@/server/integrations/kyc-provider'
import { getRegistryCheck, lookUpRegistryExtract } from '@/server/modules/registry-check/registry-extract'
import { FAKE_APP_ID, FAKE_SECRET, startFakeDojah, type FakeDojah } from './fake-dojah'
import { api, errorsOf, signedInUser } from './helpers'
import { inDays } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'
import { auditRows } from './staff-review-fixtures'

type Check = { code: string; met: boolean; details: string[] }
type Item = { id: string; kind: string; label: string; status: string; waiver: { reason: string } | null }

let analyst: Awaited<ReturnType<typeof signedInUser>>
let approver: Awaited<ReturnType<typeof signedInUser>>
let secondApprover: Awaited<ReturnType<typeof signedInUser>>
let reader: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  analyst = await signedInUser({ staffRole: 'KYC_ANALYST' })
  approver = await signedInUser({ staffRole: 'APPROVER' })
  secondApprover = await signedInUser({ staffRole: 'APPROVER' })
  reader = await signedInUser({ staffRole: 'AUDITOR' })
})

const EXTRACT = {
  source: 'CAC status report',
  retrievedOn: '2026-11-20',
  directors: [{ name: 'OBI, Ada' }, { name: 'Amina Bello' }],
  shareholders: [{ name: 'ada obi', kind: 'PERSON', percentage: 100 }],
}

const enter = (businessId: string, token: string, json: unknown) =>
  api(`/businesses/${businessId}/registry-extract`, { method: 'PUT', token, json })

async function differencesOf(businessId: string): Promise<Item[]> {
  const res = await api(`/verified-kyc/${businessId}`, { token: approver.token })
  expect(res.status).toBe(200)
  return ((await res.json()) as Item[]).filter((i) => i.kind === 'REGISTRY_DIFFERENCE')
}

async function verificationLine(businessId: string): Promise<Check> {
  const res = await api(`/businesses/${businessId}/approval-checklist`, { token: approver.token })
  expect(res.status).toBe(200)
  return ((await res.json()) as Check[]).find((c) => c.code === 'VERIFICATION')!
}

const approve = (businessId: string, token: string) =>
  api(`/businesses/${businessId}/approve`, { method: 'PUT', token, json: { decision: 'APPROVED', comment: 'Checked' } })

describe('registry extract: validation', () => {
  it('refuses bad input with a 400 naming the field', async () => {
    const { business } = await businessReadyForApproval()
    const cases: [unknown, string][] = [
      [{ ...EXTRACT, source: '' }, 'source'],
      [{ ...EXTRACT, retrievedOn: '20/11/2026' }, 'retrievedOn'],
      [{ ...EXTRACT, directors: [{ name: '' }] }, 'directors.0.name'],
      [{ ...EXTRACT, shareholders: [{ name: 'Ada Obi', kind: 'ALIEN', percentage: 10 }] }, 'shareholders.0.kind'],
      [{ ...EXTRACT, shareholders: [{ name: 'Ada Obi', kind: 'PERSON', percentage: 120 }] }, 'shareholders.0.percentage'],
      [
        {
          ...EXTRACT,
          shareholders: [
            { name: 'Ada Obi', kind: 'PERSON', percentage: 70 },
            { name: 'Eko Ltd', kind: 'COMPANY', percentage: 40 },
          ],
        },
        'shareholders',
      ],
    ]
    for (const [body, field] of cases) {
      const res = await enter(business.id, analyst.token, body)
      expect(res.status, field).toBe(400)
      expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
    expect(await differencesOf(business.id)).toEqual([])
  })
})

describe('registry extract: access', () => {
  it('refuses the owner, staff without the verification permission, and a member of the business', async () => {
    const { business, owner } = await businessReadyForApproval()
    expect((await enter(business.id, owner.token, EXTRACT)).status).toBe(403)
    expect((await enter(business.id, reader.token, EXTRACT)).status).toBe(403)
    expect((await enter(business.id, approver.token, EXTRACT)).status).toBe(403)
    const member = await signedInUser({ staffRole: 'KYC_ANALYST', businesses: [{ businessId: business.id }] })
    const refused = await enter(business.id, member.token, EXTRACT)
    expect(refused.status).toBe(403)
    expect((await errorsOf(refused))[0]!.code).toBe('FOUR_EYES')
    expect((await api(`/businesses/${business.id}/registry-extract`, { token: owner.token })).status).toBe(403)
    expect(await differencesOf(business.id)).toEqual([])
  })
})

describe('registry differences as verification items', () => {
  it('each difference is an item the checklist counts; resolved with a reason (audited), approval proceeds', async () => {
    const { business } = await businessReadyForApproval()
    expect((await verificationLine(business.id)).met).toBe(true)

    const res = await enter(business.id, analyst.token, EXTRACT)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ provider: 'MANUAL', source: 'CAC status report', retrievedOn: '2026-11-20' })
    const read = await api(`/businesses/${business.id}/registry-extract`, { token: reader.token })
    expect(await read.json()).toMatchObject({ provider: 'MANUAL', extract: { directors: EXTRACT.directors } })

    const [difference, ...others] = await differencesOf(business.id)
    expect(others).toEqual([])
    expect(difference).toMatchObject({ label: 'The registry lists director Amina Bello, who is not declared', status: 'PENDING' })
    const line = await verificationLine(business.id)
    expect(line.met).toBe(false)
    expect(line.details).toEqual([
      'The registry lists director Amina Bello, who is not declared: resolve it with a reason, or the owner corrects the declaration',
    ])
    const refused = await approve(business.id, approver.token)
    expect(refused.status).toBe(409)
    expect((await errorsOf(refused)).map((e) => e.field)).toContain('VERIFICATION')

    expect((await auditRows(business.id, 'ENTER')).filter((r) => r.resource === 'registry_extract')).toHaveLength(1)
    expect(await auditRows(difference!.id, 'OPEN')).toHaveLength(1)

    // Not a result a provider or an analyst records.
    const result = await api(`/verified-kyc/${difference!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { status: 'VERIFIED' },
    })
    expect(result.status).toBe(409)

    const short = await api(`/verified-kyc/${difference!.id}/waiver`, {
      method: 'PUT',
      token: approver.token,
      json: { reason: 'ok' },
    })
    expect(short.status).toBe(400)
    expect((await errorsOf(short))[0]!.field).toBe('reason')
    const resolved = await api(`/verified-kyc/${difference!.id}/waiver`, {
      method: 'PUT',
      token: approver.token,
      json: { reason: 'Amina Bello resigned in October; the CAC filing is pending' },
    })
    expect(resolved.status).toBe(200)
    expect(await auditRows(difference!.id, 'WAIVE')).toHaveLength(1)
    expect((await verificationLine(business.id)).met).toBe(true)
    // Four-eyes as for every waiver: whoever resolved it does not approve.
    expect((await approve(business.id, approver.token)).status).toBe(403)
    const approved = await approve(business.id, secondApprover.token)
    expect(approved.status, await approved.clone().text()).toBe(200)
  })

  it('disappears when the owner corrects the declaration, and a different percentage is one', async () => {
    const { business, owner } = await businessReadyForApproval()
    expect((await enter(business.id, analyst.token, EXTRACT)).status).toBe(200)
    const [difference] = await differencesOf(business.id)
    const db = await getDb()
    const [ada] = await db.select().from(meansOfIds).where(eq(meansOfIds.businessId, business.id))

    const added = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: {
        kycDetailsId: ada!.kycDetailsId,
        firstName: 'Amina',
        lastName: 'Bello',
        role: 'DIRECTOR',
        idType: 'INTERNATIONAL_PASSPORT',
        idNumber: 'B12345678',
        issueDate: '2021-01-10',
        expiryDate: inDays(400),
        dateOfBirth: '1980-02-01',
        pep: { status: 'NOT_PEP' },
      },
    })
    expect(added.status, await added.clone().text()).toBe(201)
    expect(await differencesOf(business.id)).toEqual([])
    expect(await auditRows(difference!.id, 'SUPERSEDE')).toHaveLength(1)

    // A newer extract: Ada holds 90 % at the registry; Amina is now declared.
    const newer = await enter(business.id, analyst.token, {
      ...EXTRACT,
      retrievedOn: '2026-11-25',
      shareholders: [{ name: 'Ada Obi', kind: 'PERSON', percentage: 90 }],
    })
    expect(newer.status).toBe(200)
    expect((await auditRows(business.id, 'REPLACE')).filter((r) => r.resource === 'registry_extract')).toHaveLength(1)
    expect((await differencesOf(business.id)).map((d) => d.label)).toEqual([
      'Shareholder Ada Obi is declared with 100 %; the registry lists 90 %',
    ])
    const [holder] = await db
      .select()
      .from(shareholders)
      .where(and(eq(shareholders.businessId, business.id), isNull(shareholders.parentShareholderId)))
    const corrected = await api(`/kyc/shareholders/${holder!.id}`, {
      method: 'PUT',
      token: owner.token,
      json: {
        firstName: 'Ada',
        lastName: 'Obi',
        nationality: 'Nigeria',
        bvn: '22212345678',
        percentage: 90,
        dateOfBirth: '1984-06-21',
        pep: { status: 'NOT_PEP' },
      },
    })
    expect(corrected.status, await corrected.clone().text()).toBe(200)
    expect(await differencesOf(business.id)).toEqual([])
    const current = await db
      .select()
      .from(kycVerifications)
      .where(
        and(
          eq(kycVerifications.businessId, business.id),
          eq(kycVerifications.kind, 'REGISTRY_DIFFERENCE'),
          isNull(kycVerifications.supersededAt),
        ),
      )
    expect(current).toEqual([])
  })
})

describe('registry lookup through Dojah (a local listener)', () => {
  let fake: FakeDojah
  beforeAll(async () => {
    fake = await startFakeDojah()
  })
  afterAll(() => fake.close())

  it('stores the CAC Advance answer as the extract; the manual provider has no lookup', async () => {
    const { business } = await businessReadyForApproval()
    const digits = business.regNo.replace(/\D/gu, '')
    fake.records.cacAdvance = {}
    fake.records.cacAdvance[`co:${digits}`] = {
      Name_of_Company: business.name,
      RC_Number: digits,
      Number_of_Affiliates: '2',
      Affiliates: [
        { surname: 'OBI', firstname: 'ADA', affiliateType: 'DIRECTOR/SHAREHOLDER', numSharesAlloted: '750000' },
        { corporateName: 'Eko Holdings Limited', affiliateType: 'SHAREHOLDER', numSharesAlloted: '250000' },
      ],
    }
    const provider = createHttpProvider({ baseUrl: fake.url, appId: FAKE_APP_ID, secretKey: FAKE_SECRET, sleep: async () => {} })
    const db = await getDb()
    const actor = (await loadActor(db, { userId: analyst.user.id, sessionId: analyst.session.id, expiresAt: 0 }))!
    const extract = await lookUpRegistryExtract({ db, actor, businessId: business.id, audit: SYSTEM_AUDIT_CONTEXT, provider })
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/api/v1/kyc/cac/advance',
      query: { rc: digits, class: 'premium', type: 'co' },
      appId: FAKE_APP_ID,
    })
    expect(extract).toMatchObject({
      provider: 'DOJAH',
      directors: [{ name: 'ADA OBI' }],
      shareholders: [
        { name: 'ADA OBI', kind: 'PERSON', percentage: 75 },
        { name: 'Eko Holdings Limited', kind: 'COMPANY', percentage: 25 },
      ],
    })
    expect((await differencesOf(business.id)).map((d) => d.label).sort()).toEqual([
      'Shareholder Ada Obi is declared with 100 %; the registry lists 75 %',
      'The registry lists shareholder Eko Holdings Limited with 25 %, who is not declared',
    ])
    expect((await getRegistryCheck({ db, actor, businessId: business.id, provider })).provider).toBe('DOJAH')

    fake.failNext = 3
    await expect(
      lookUpRegistryExtract({ db, actor, businessId: business.id, audit: SYSTEM_AUDIT_CONTEXT, provider }),
    ).rejects.toMatchObject({
      code: 'UPSTREAM_FAILED',
    })
    const unknown = await businessReadyForApproval()
    await expect(
      lookUpRegistryExtract({ db, actor, businessId: unknown.business.id, audit: SYSTEM_AUDIT_CONTEXT, provider }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const manual = await api(`/businesses/${business.id}/registry-extract/lookup`, { method: 'POST', token: analyst.token })
    expect(manual.status).toBe(409)
  })
})
