import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { maskSealedValues } from '@/server/crypto/personal-values'
import { getDb } from '@/server/db/client'
import { audits, governmentRepresentatives, meansOfIds, personalDataViews, shareholders } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { completeCapture } from './kyc-document-fixtures'
import {
  createKyc,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  revealed,
  type TestUser,
  uploadFile,
  PDF,
} from './kyc-fixtures'

type Json = Record<string, unknown>
const DOB = '1979-11-23'

/** YYYY-MM-DD `years` before today (UTC), plus `days`. */
function yearsAgo(years: number, days = 0): string {
  const d = new Date()
  d.setUTCFullYear(d.getUTCFullYear() - years)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

async function ok<T = Json>(res: Response, status = 200): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(status)
  return (await res.json()) as T
}

async function setup() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  return { owner, businessId, kyc }
}

const post = (token: string, path: string, json: unknown) => api(path, { method: 'POST', token, json })
const put = (token: string, path: string, json: unknown) => api(path, { method: 'PUT', token, json })

let dpo: TestUser
let approver: TestUser
beforeAll(async () => {
  ;[dpo, approver] = await Promise.all([
    signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' }),
    signedInUser({ staffRole: 'APPROVER' }),
  ])
})

describe('dates of birth and PEP declarations of means-of-ID holders and shareholders', () => {
  it('are captured, stored encrypted, answered masked with the declaration in clear, and sealed in the audit row', async () => {
    const { owner, kyc } = await setup()
    const pep = { status: 'PEP', position: 'Former Commissioner for Works, Enugu State', country: 'ng' }
    const created = await ok<Json>(
      await post(owner.token, '/kyc/means-of-ids', meansOfIdBody(kyc.id, { dateOfBirth: DOB, pep })),
      201,
    )
    expect(created).toMatchObject({
      dateOfBirth: '**********',
      hasDateOfBirth: true,
      pep: { status: 'PEP', position: 'Former Commissioner for Works, Enugu State', country: 'NG' },
    })
    const list = await ok<Json[]>(await api(`/kyc/means-of-ids/${kyc.id}`, { token: approver.token }))
    expect(list[0]).toMatchObject({ dateOfBirth: '**********', hasDateOfBirth: true, pep: { status: 'PEP' } })
    expect(JSON.stringify(list)).not.toContain(DOB)

    const db = await getDb()
    const result = (await db.execute(
      sql`SELECT date_of_birth FROM means_of_ids WHERE id = ${created.id as string}::uuid`,
    )) as unknown as { rows: { date_of_birth: string }[] }
    const [stored] = result.rows
    expect(stored!.date_of_birth).toMatch(/^v1:/)
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, created.id as string), eq(audits.action, 'CREATE')))
    expect(JSON.stringify(audit)).not.toContain(DOB)
    expect(JSON.stringify(audit)).not.toContain('Commissioner')
    expect(await maskSealedValues(db, [audit!.after])).toMatchObject([
      { dateOfBirth: '**********', pepStatus: 'PEP', pepPosition: 'Former Commissioner for Works, Enugu State' },
    ])

    const holder = await ok<Json>(
      await post(owner.token, '/kyc/shareholders', individualBody(kyc.id, { dateOfBirth: '2015-02-03' })),
      201,
    )
    // A minor may hold shares: only directors, signatories and representatives must be adults.
    expect(holder).toMatchObject({ dateOfBirth: '**********', hasDateOfBirth: true, pep: { status: 'NOT_PEP' } })
    const corporate = await ok<Json>(
      await post(owner.token, '/kyc/shareholders', {
        kycDetailsId: kyc.id,
        type: 'CORPORATE',
        companyName: 'Eko Holdings Limited',
        registrationNumber: 'RC765432',
        percentage: 40,
      }),
      201,
    )
    expect(corporate).toMatchObject({ dateOfBirth: null, hasDateOfBirth: false, pep: null })
  })

  it('refuses an impossible, future or too old date, a minor director and a PEP without a position, naming the field', async () => {
    const { owner, kyc } = await setup()
    const cases: Array<[Json, string, RegExp]> = [
      [{ dateOfBirth: '1990-02-30' }, 'dateOfBirth', /date/i],
      [{ dateOfBirth: '23/11/1979' }, 'dateOfBirth', /date/i],
      [{ dateOfBirth: yearsAgo(0, 1) }, 'dateOfBirth', /future/],
      [{ dateOfBirth: yearsAgo(121, -1) }, 'dateOfBirth', /120/],
      [{ dateOfBirth: yearsAgo(18, 1) }, 'dateOfBirth', /A director must be at least 18/],
      [{ role: 'SIGNATORY', dateOfBirth: yearsAgo(10) }, 'dateOfBirth', /A signatory must be at least 18/],
      [{ pep: { status: 'FAMILY_MEMBER' } }, 'pep.position', /position/],
      [{ pep: { status: 'CLOSE_ASSOCIATE', position: 'Senator', country: 'Nigeria' } }, 'pep.country', /two-letter/],
      [{ pep: { status: 'MAYBE' } }, 'pep.status', /PEP question/],
    ]
    for (const [overrides, field, message] of cases) {
      const res = await post(owner.token, '/kyc/means-of-ids', meansOfIdBody(kyc.id, overrides))
      expect(res.status, JSON.stringify(overrides)).toBe(400)
      const text = await res.clone().text()
      const errors = await errorsOf(res)
      expect(errors, JSON.stringify(overrides)).toContainEqual(
        expect.objectContaining({ field, message: expect.stringMatching(message) }),
      )
      // Error bodies name the field and the rule, never the value.
      if (typeof overrides.dateOfBirth === 'string') expect(text).not.toContain(overrides.dateOfBirth)
    }
    // Exactly 18 today is old enough; a shareholder's ID (role SHAREHOLDER) may be a minor's.
    await ok(await post(owner.token, '/kyc/means-of-ids', meansOfIdBody(kyc.id, { dateOfBirth: yearsAgo(18) })), 201)
    await ok(
      await post(owner.token, '/kyc/means-of-ids', meansOfIdBody(kyc.id, { role: 'SHAREHOLDER', dateOfBirth: yearsAgo(12) })),
      201,
    )
    const res = await post(owner.token, '/kyc/shareholders', individualBody(kyc.id, { dateOfBirth: yearsAgo(0, 3) }))
    expect(res.status).toBe(400)
    expect(await errorsOf(res)).toContainEqual(expect.objectContaining({ field: 'dateOfBirth' }))
  })

  it('keeps the date when a PUT sends the mask back, re-checks the adult rule on the record as it will be, and updates the declaration', async () => {
    const { owner, kyc } = await setup()
    const created = await ok<Json>(
      await post(owner.token, '/kyc/means-of-ids', meansOfIdBody(kyc.id, { role: 'SHAREHOLDER', dateOfBirth: yearsAgo(15) })),
      201,
    )
    const path = `/kyc/means-of-ids/${created.id as string}`
    // Made a director while 15: refused on the date of birth, nothing changed.
    const refused = await put(owner.token, path, { role: 'DIRECTOR' })
    expect(refused.status).toBe(400)
    expect(await errorsOf(refused)).toContainEqual(
      expect.objectContaining({ field: 'dateOfBirth', message: 'A director must be at least 18 years old' }),
    )
    const kept = await ok<Json>(
      await put(owner.token, path, {
        dateOfBirth: '**********',
        pep: { status: 'CLOSE_ASSOCIATE', position: 'Governor of Kogi State' },
      }),
    )
    expect(kept).toMatchObject({ hasDateOfBirth: true, pep: { status: 'CLOSE_ASSOCIATE', position: 'Governor of Kogi State' } })
    expect(await revealed(owner.token, 'means-of-ids', created.id as string, 'dateOfBirth')).toBe(yearsAgo(15))
    // Back to not a PEP: the position and country go.
    expect(await ok<Json>(await put(owner.token, path, { pep: { status: 'NOT_PEP', position: 'ignored' } }))).toMatchObject({
      pep: { status: 'NOT_PEP', position: null, country: null },
    })
    await ok(await put(owner.token, path, { role: 'DIRECTOR', dateOfBirth: DOB }))
    expect(await revealed(owner.token, 'means-of-ids', created.id as string, 'dateOfBirth')).toBe(DOB)

    const holder = await ok<Json>(await post(owner.token, '/kyc/shareholders', individualBody(kyc.id)), 201)
    const corporate = await ok<Json>(
      await post(owner.token, '/kyc/shareholders', {
        kycDetailsId: kyc.id,
        type: 'CORPORATE',
        companyName: 'Eko Holdings Limited',
        registrationNumber: 'RC765432',
        percentage: 40,
      }),
      201,
    )
    const wrongKind = await put(owner.token, `/kyc/shareholders/${corporate.id as string}`, { dateOfBirth: DOB })
    expect(wrongKind.status).toBe(400)
    expect(await errorsOf(wrongKind)).toContainEqual(expect.objectContaining({ field: 'dateOfBirth' }))
    expect(
      await ok<Json>(
        await put(owner.token, `/kyc/shareholders/${holder.id as string}`, { dateOfBirth: '**********', percentage: 50 }),
      ),
    ).toMatchObject({ hasDateOfBirth: true, percentage: 50 })
  })

  it('are revealed with a reason to those allowed, audited and written to the view log', async () => {
    const { owner, businessId, kyc } = await setup()
    const holder = await ok<Json>(await post(owner.token, '/kyc/shareholders', individualBody(kyc.id, { dateOfBirth: DOB })), 201)
    const reason = 'Comparing the date with the CAC filing'
    expect(await revealed(approver.token, 'shareholders', holder.id as string, 'dateOfBirth', reason)).toBe(DOB)
    const db = await getDb()
    const [view] = await db
      .select()
      .from(personalDataViews)
      .where(eq(personalDataViews.subjectId, holder.id as string))
    expect(view).toMatchObject({ businessId, subjectKind: 'SHAREHOLDER', detail: 'Birth date of Ada Obi', purpose: reason })
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, holder.id as string), eq(audits.action, 'REVEAL')))
    expect(audit!.after).toMatchObject({ field: 'dateOfBirth', reason })
    // The owner reads the staff view in the business's view log.
    const log = await ok<{ content: Json[] }>(await api(`/businesses/${businessId}/data-views`, { token: owner.token }))
    expect(log.content).toContainEqual(expect.objectContaining({ detail: 'Birth date of Ada Obi' }))
    // Staff without CAN_VIEW_SENSITIVE_KYC are refused, as for the numbers; a shareholder still has no ID number.
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    const refused = await post(auditor.token, `/kyc/shareholders/${holder.id as string}/reveal`, { field: 'dateOfBirth', reason })
    expect(refused.status).toBe(403)
    const wrong = await post(owner.token, `/kyc/shareholders/${holder.id as string}/reveal`, { field: 'idNumber', reason })
    expect(wrong.status).toBe(400)
  })
})

describe('a person captured before dates of birth were asked', () => {
  it('reads fine with the gap shown, and the KYC submission names each missing date of birth and PEP declaration', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const details = await completeCapture(businessId)
    const db = await getDb()
    // As a record from before this change: no date of birth, no declaration.
    await db.update(meansOfIds).set({ dateOfBirth: null, pepStatus: null }).where(eq(meansOfIds.businessId, businessId))
    await db.update(shareholders).set({ pepStatus: null }).where(eq(shareholders.businessId, businessId))

    const ids = await ok<Json[]>(await api(`/kyc/means-of-ids/${details.id}`, { token: owner.token }))
    expect(ids).toEqual([expect.objectContaining({ dateOfBirth: null, hasDateOfBirth: false, pep: null })])
    const holders = await ok<Json[]>(await api(`/kyc/shareholders?kycDetailsId=${details.id}`, { token: approver.token }))
    expect(holders).toEqual([expect.objectContaining({ hasDateOfBirth: true, pep: null })])
    expect(await revealed(owner.token, 'means-of-ids', ids[0]!.id as string, 'dateOfBirth')).toBeNull()

    const outstanding = await ok<{ items: Array<{ code: string; message: string }> }>(
      await api(`/businesses/${businessId}/outstanding`, { token: owner.token }),
    )
    expect(JSON.stringify(outstanding.items)).toContain(
      'Date of birth and PEP declaration of Ada Obi (director and shareholder) not given',
    )

    const submitted = await put(owner.token, `/businesses/${businessId}/completed-kyc-details`, {})
    expect(submitted.status).toBe(409)
    const errors = await errorsOf(submitted)
    expect(errors).toContainEqual(
      expect.objectContaining({
        field: `meansOfIds.${ids[0]!.id as string}`,
        message:
          'Date of birth and PEP declaration of Ada Obi (director and shareholder) not given: add them to their means of ID (step 3).',
      }),
    )
    expect(errors).toContainEqual(
      expect.objectContaining({
        field: `shareholders.${holders[0]!.id as string}`,
        message: 'PEP declaration of Ada Obi (shareholder) not given: add it to the shareholder (step 4).',
      }),
    )
    // Filled in: those gaps go.
    await ok(
      await put(owner.token, `/kyc/means-of-ids/${ids[0]!.id as string}`, { dateOfBirth: DOB, pep: { status: 'NOT_PEP' } }),
    )
    // (The fixture's Nigerian shareholder has no BVN: a PUT checks the record as it will be, so it gives one too.)
    await ok(
      await put(owner.token, `/kyc/shareholders/${holders[0]!.id as string}`, { pep: { status: 'NOT_PEP' }, bvn: '22212345678' }),
    )
    const after = await put(owner.token, `/businesses/${businessId}/completed-kyc-details`, {})
    const left = after.status === 200 ? [] : await errorsOf(after)
    expect(left.filter((e) => /Date of birth|PEP declaration/.test(e.message))).toEqual([])
  })
})

describe('data-subject requests', () => {
  it('export the date of birth and the declaration in clear; erasure clears them', async () => {
    const { owner, kyc } = await setup()
    const holder = await ok<Json>(
      await post(
        owner.token,
        '/kyc/shareholders',
        individualBody(kyc.id, { dateOfBirth: DOB, pep: { status: 'PEP', position: 'Senator', country: 'NG' } }),
      ),
      201,
    )
    const id = holder.id as string
    const res = await api(`/data-subjects/SHAREHOLDER/${id}/export?purpose=${encodeURIComponent('Access request, ticket 7')}`, {
      token: dpo.token,
    })
    expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200)
    const zip = await JSZip.loadAsync(await res.arrayBuffer())
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as { shareholder: Json }
    expect(data.shareholder).toMatchObject({
      dateOfBirth: DOB,
      pepDeclaration: { status: 'PEP', position: 'Senator', country: 'NG' },
    })

    const erased = await post(dpo.token, `/data-subjects/SHAREHOLDER/${id}/erase`, {
      reason: 'Erasure asked in writing, ticket 8',
    })
    expect(erased.status, await erased.clone().text()).toBe(200)
    const db = await getDb()
    const [row] = await db.select().from(shareholders).where(eq(shareholders.id, id))
    expect(row).toMatchObject({ dateOfBirth: null, pepStatus: null, pepPosition: null, pepCountry: null })
    // The audit rows of the person (their date and position sealed under their key) are unreadable now.
    const trail = await db.select().from(audits).where(eq(audits.resourceId, id))
    expect(
      JSON.stringify(
        await maskSealedValues(
          db,
          trail.map((a) => a.after),
        ),
      ),
    ).not.toContain('Senator')
  })
})

describe('government representatives', () => {
  it('carry a date of birth (masked, an adult) and a PEP declaration; one captured before is filled in by a PUT', async () => {
    const officer = await signedInUser({ staffRole: 'GOVERNMENT_OFFICER' })
    const parastatals = await ok<Json[]>(await api('/government/parastatals', { token: officer.token }))
    const entity = await ok<Json>(
      await post(officer.token, '/government', {
        name: `Kogi State Internal Revenue Service ${randomUUID().slice(0, 6)}`,
        parastatalId: parastatals.find((p) => p.name === 'State Ministry of Finance')!.id,
        tier: 'STATE',
        contactName: 'Adaeze Okafor',
        contactEmail: 'adaeze.okafor@kogi.example.gov.ng',
        contactPhone: '08031234567',
        address: { line1: 'Lokoja Road', country: 'Nigeria', state: 'lagos', lga: 'ikeja' },
      }),
      201,
    )
    const idFileId = await uploadFile(officer.token, undefined as unknown as string, 'GOVERNMENT_DOCUMENT', PDF, 'rep-id.pdf')
    const body = {
      entityId: entity.id,
      firstName: 'Tunde',
      lastName: 'Bakare',
      position: 'Director of Finance',
      email: 'tunde.bakare@kogi.example.gov.ng',
      phone: '+2348035550001',
      idType: 'NATIONAL_ID_CARD',
      idNumber: `7${String(Date.now()).slice(-10)}`,
      idFileId,
    }
    const minor = await post(officer.token, '/government/rep', { ...body, dateOfBirth: yearsAgo(17) })
    expect(minor.status).toBe(400)
    expect(await errorsOf(minor)).toContainEqual(
      expect.objectContaining({ field: 'dateOfBirth', message: 'A representative must be at least 18 years old' }),
    )
    // An older client sends neither: accepted, and the answer shows the gap.
    const rep = await ok<Json>(await post(officer.token, '/government/rep', body), 201)
    expect(rep).toMatchObject({ dateOfBirth: null, hasDateOfBirth: false, pep: null })
    const filled = await ok<Json>(
      await put(officer.token, `/government/rep/${rep.id as string}`, {
        dateOfBirth: DOB,
        pep: { status: 'PEP', position: 'Commissioner for Finance, Kogi State', country: 'NG' },
      }),
    )
    expect(filled).toMatchObject({ dateOfBirth: '**********', hasDateOfBirth: true, pep: { status: 'PEP', country: 'NG' } })
    const db = await getDb()
    const [row] = await db
      .select()
      .from(governmentRepresentatives)
      .where(eq(governmentRepresentatives.id, rep.id as string))
    expect(row!.dateOfBirth).toBe(DOB)
    const details = await ok<{ representatives: Json[] }>(
      await api(`/government/${entity.id as string}`, { token: officer.token }),
    )
    expect(JSON.stringify(details)).not.toContain(DOB)
    const tooYoung = await put(officer.token, `/government/rep/${rep.id as string}`, { dateOfBirth: yearsAgo(16) })
    expect(tooYoung.status).toBe(400)

    const res = await api(`/data-subjects/GOVERNMENT_REPRESENTATIVE/${rep.id as string}/export`, { token: dpo.token })
    const zip = await JSZip.loadAsync(await res.arrayBuffer())
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as { representative: Json }
    expect(data.representative).toMatchObject({ dateOfBirth: DOB, pepDeclaration: { status: 'PEP' } })
    await ok(
      await post(dpo.token, `/data-subjects/GOVERNMENT_REPRESENTATIVE/${rep.id as string}/erase`, {
        reason: 'Erasure asked in writing, ticket 9',
      }),
    )
    const [gone] = await db
      .select()
      .from(governmentRepresentatives)
      .where(eq(governmentRepresentatives.id, rep.id as string))
    expect(gone).toMatchObject({ dateOfBirth: null, pepStatus: null, pepPosition: null })
  })
})
