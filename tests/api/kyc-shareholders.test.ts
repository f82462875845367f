import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, meansOfIds, shareholders } from '@/server/db/schema'
import { findKycCaptureGaps } from '@/server/modules/kyc/kyc-capture-gaps'
import { api, errorsOf } from './helpers'
import {
  addressBody,
  corporateBody,
  createKyc,
  inDays,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  setApproval,
} from './kyc-fixtures'

interface Holder {
  id: string
  parentShareholderId: string | null
  type: string
  percentage: number
  depth: number
  effectiveStake: number
  effectiveOwnership: number | null
  isBeneficialOwner: boolean
  needsMeansOfId: boolean
  childrenTotalPercentage: number | null
  registrationNumber: string | null
}

async function setup() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  const add = async (body: Record<string, unknown>) => {
    const res = await api('/kyc/shareholders', { method: 'POST', token: owner.token, json: body })
    expect(res.status, await res.clone().text()).toBe(201)
    return (await res.json()) as Holder
  }
  const list = async () =>
    (await (await api(`/kyc/shareholders?kycDetailsId=${kyc.id}`, { token: owner.token })).json()) as Holder[]
  return { owner, businessId, kyc, add, list }
}

describe('shareholders', () => {
  it('nests corporates to any depth and computes effective ownership and beneficial owners', async () => {
    const { kyc, add, list, owner } = await setup()
    const ada = await add(individualBody(kyc.id, { percentage: 3 }))
    const eko = await add(corporateBody(kyc.id, { percentage: 50 }))
    expect(eko.registrationNumber).toBe('RC765432')
    const lagoon = await add(
      corporateBody(kyc.id, {
        parentShareholderId: eko.id,
        companyName: 'Lagoon Ventures',
        registrationNumber: 'BN 12345',
        percentage: 40,
      }),
    )
    // Ada again, through two layers: 50% × 40% × 25% = 5%, plus her direct 3% → 8%.
    const adaDeep = await add(individualBody(kyc.id, { parentShareholderId: lagoon.id, percentage: 25 }))
    const bola = await add(
      individualBody(kyc.id, {
        parentShareholderId: eko.id,
        firstName: 'Bola',
        lastName: 'Ade',
        bvn: '22212345679',
        percentage: 6,
      }),
    )

    const all = await list()
    expect(all.map((h) => h.id)).toEqual([ada.id, eko.id, lagoon.id, adaDeep.id, bola.id])
    const by = new Map(all.map((h) => [h.id, h]))
    expect(by.get(lagoon.id)).toMatchObject({ depth: 1, effectiveStake: 20, childrenTotalPercentage: 25 })
    expect(by.get(adaDeep.id)).toMatchObject({
      depth: 2,
      effectiveStake: 5,
      effectiveOwnership: 8,
      isBeneficialOwner: true,
      needsMeansOfId: true,
    })
    expect(by.get(ada.id)).toMatchObject({ effectiveOwnership: 8, isBeneficialOwner: true })
    expect(by.get(bola.id)).toMatchObject({
      effectiveStake: 3,
      effectiveOwnership: 3,
      isBeneficialOwner: false,
      needsMeansOfId: false,
    })
    expect(by.get(eko.id)).toMatchObject({ effectiveOwnership: null, childrenTotalPercentage: 46 })

    const children = (await (await api(`/kyc/child-shareholders/${eko.id}`, { token: owner.token })).json()) as Holder[]
    expect(children.map((h) => h.id)).toEqual([lagoon.id, adaDeep.id, bola.id])

    // A current ID linked to either place Ada appears covers her.
    await api('/kyc/means-of-ids', { method: 'POST', token: owner.token, json: meansOfIdBody(kyc.id, { shareholderId: ada.id }) })
    expect((await list()).find((h) => h.id === adaDeep.id)).toMatchObject({ needsMeansOfId: false })
  })

  it('refuses writes that take a level over 100% with 400 on percentage, and checks every field', async () => {
    const { kyc, add, owner } = await setup()
    await add(individualBody(kyc.id, { percentage: 70 }))
    const eko = await add(corporateBody(kyc.id, { percentage: 30 }))
    const over = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { percentage: 0.01 }),
    })
    expect(over.status).toBe(400)
    const [overError] = await errorsOf(over)
    expect(overError).toMatchObject({ field: 'percentage', code: 'VALIDATION_FAILED' })
    expect(overError!.message).toContain('at most 0% is left')

    await add(individualBody(kyc.id, { parentShareholderId: eko.id, percentage: 99.99 }))
    const childOver = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { parentShareholderId: eko.id, percentage: 0.02 }),
    })
    const [childError] = await errorsOf(childOver)
    expect(childError).toMatchObject({ field: 'percentage' })
    expect(childError!.message).toContain('Eko Holdings Limited')

    const invalid = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { bvn: undefined, percentage: 0, firstName: 'R2D2' }),
    })
    expect([...new Set((await errorsOf(invalid)).map((e) => e.field))].sort()).toEqual(['bvn', 'firstName', 'percentage'])
    const corporate = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: corporateBody(kyc.id, { registrationNumber: 'XX12', percentage: 12.345 }),
    })
    expect((await errorsOf(corporate)).map((e) => e.field).sort()).toEqual(['percentage', 'registrationNumber'])
    const kind = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: { kycDetailsId: kyc.id, type: 'TRUST', percentage: 1 },
    })
    expect(kind.status).toBe(400)
    const foreigner = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { parentShareholderId: eko.id, nationality: 'Ghanaian', bvn: undefined, percentage: 0.01 }),
    })
    expect(foreigner.status).toBe(201)
  })

  it('only a corporate of the same KYC can be a parent', async () => {
    const { kyc, add, owner } = await setup()
    const ada = await add(individualBody(kyc.id, { percentage: 10 }))
    const res = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { parentShareholderId: ada.id, percentage: 10 }),
    })
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'parentShareholderId' })
    const other = await setup()
    const theirs = await other.add(corporateBody(other.kyc.id))
    const foreign = await api('/kyc/shareholders', {
      method: 'POST',
      token: owner.token,
      json: individualBody(kyc.id, { parentShareholderId: theirs.id, percentage: 10 }),
    })
    expect((await errorsOf(foreign))[0]).toMatchObject({ field: 'parentShareholderId' })
  })

  it('updates fields of the shareholder’s own kind, re-checking the level total, audited', async () => {
    const { kyc, add, owner } = await setup()
    const ada = await add(individualBody(kyc.id, { percentage: 60 }))
    await add(corporateBody(kyc.id, { percentage: 40 }))
    const raise = await api(`/kyc/shareholders/${ada.id}`, { method: 'PUT', token: owner.token, json: { percentage: 61 } })
    expect((await errorsOf(raise))[0]).toMatchObject({ field: 'percentage' })
    const lower = await api(`/kyc/shareholders/${ada.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { percentage: 55.5, lastName: 'Obi-Eze' },
    })
    expect(lower.status).toBe(200)
    expect(await lower.json()).toMatchObject({ percentage: 55.5, lastName: 'Obi-Eze' })
    const wrongKind = await api(`/kyc/shareholders/${ada.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { companyName: 'Ada Ltd' },
    })
    expect((await errorsOf(wrongKind))[0]).toMatchObject({ field: 'companyName' })
    const db = await getDb()
    const audit = await db.query.audits.findFirst({ where: and(eq(audits.resourceId, ada.id), eq(audits.action, 'UPDATE')) })
    expect(audit?.before).toMatchObject({ percentageUnits: 6000 })
    expect(audit?.after).toMatchObject({ percentageUnits: 5550 })
  })

  it('deleting a corporate deletes its whole subtree', async () => {
    const { kyc, add, list, owner } = await setup()
    const ada = await add(individualBody(kyc.id, { percentage: 10 }))
    const eko = await add(corporateBody(kyc.id))
    const lagoon = await add(
      corporateBody(kyc.id, {
        parentShareholderId: eko.id,
        companyName: 'Lagoon',
        registrationNumber: 'RC 123456',
        percentage: 50,
      }),
    )
    await add(individualBody(kyc.id, { parentShareholderId: lagoon.id, percentage: 100 }))
    const res = await api(`/kyc/shareholders/${eko.id}`, { method: 'DELETE', token: owner.token })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ deleted: 3, documentsDeleted: 0 })
    expect((await list()).map((h) => h.id)).toEqual([ada.id])
    expect((await api(`/kyc/child-shareholders/${eko.id}`, { token: owner.token })).status).toBe(404)
  })

  it('refuses the owner every shareholder write after approval (403)', async () => {
    const { kyc, add, owner, businessId } = await setup()
    const ada = await add(individualBody(kyc.id))
    await setApproval(businessId, 'APPROVED')
    expect(
      (await api('/kyc/shareholders', { method: 'POST', token: owner.token, json: individualBody(kyc.id, { percentage: 1 }) }))
        .status,
    ).toBe(403)
    expect(
      (await api(`/kyc/shareholders/${ada.id}`, { method: 'PUT', token: owner.token, json: { percentage: 1 } })).status,
    ).toBe(403)
    expect((await api(`/kyc/shareholders/${ada.id}`, { method: 'DELETE', token: owner.token })).status).toBe(403)
  })
})

describe('findKycCaptureGaps', () => {
  it('names every missing step before anything is captured', async () => {
    const { businessId } = await ownerWithBusiness()
    const gaps = await findKycCaptureGaps(await getDb(), { businessId })
    expect(gaps.map((g) => g.code)).toEqual([
      'COMPANY_DETAILS_MISSING',
      'REGISTERED_ADDRESS_MISSING',
      'MEANS_OF_ID_MISSING',
      'SHAREHOLDERS_MISSING',
    ])
  })

  it('reports what is wrong, one entry each, and nothing once steps 1–4 are complete', async () => {
    const { kyc, add, owner, businessId } = await setup()
    const db = await getDb()
    await add(individualBody(kyc.id, { percentage: 4 }))
    const eko = await add(corporateBody(kyc.id, { percentage: 60 }))
    const bigCorp = await add(
      corporateBody(kyc.id, { companyName: 'Silent Partners', registrationNumber: 'RC999', percentage: 20 }),
    )
    const tunde = await add(
      individualBody(kyc.id, {
        parentShareholderId: eko.id,
        firstName: 'Tunde',
        lastName: 'Bello',
        bvn: '22212345670',
        percentage: 50,
      }),
    )
    const expired = await api('/kyc/means-of-ids', {
      method: 'POST',
      token: owner.token,
      json: meansOfIdBody(kyc.id, { firstName: 'Tunde', lastName: 'Bello', shareholderId: tunde.id }),
    })
    const expiredId = ((await expired.json()) as { id: string }).id
    await db
      .update(meansOfIds)
      .set({ expiryDate: inDays(-2) })
      .where(eq(meansOfIds.id, expiredId))

    const gaps = await findKycCaptureGaps(db, { businessId })
    expect(gaps.map((g) => g.code).sort()).toEqual([
      'BENEFICIAL_OWNER_ID_MISSING',
      'CORPORATE_SHAREHOLDERS_MISSING',
      'MEANS_OF_ID_EXPIRED',
      'REGISTERED_ADDRESS_MISSING',
    ])
    expect(gaps.find((g) => g.code === 'BENEFICIAL_OWNER_ID_MISSING')!.message).toContain('Tunde Bello owns 30%')
    expect(gaps.find((g) => g.code === 'CORPORATE_SHAREHOLDERS_MISSING')!.field).toBe(`shareholders.${bigCorp.id}`)

    // Over 100% can only come from data written around the API; it is still reported.
    await db.update(shareholders).set({ percentageUnits: 10000 }).where(eq(shareholders.id, bigCorp.id))
    expect(
      (await findKycCaptureGaps(db, { businessId })).some(
        (g) => g.code === 'SHAREHOLDING_OVER_100' && g.field === 'shareholders',
      ),
    ).toBe(true)
    await db.update(shareholders).set({ percentageUnits: 2000 }).where(eq(shareholders.id, bigCorp.id))

    await api(`/kyc/means-of-ids/${expiredId}`, { method: 'PUT', token: owner.token, json: { expiryDate: inDays(300) } })
    await add(
      individualBody(kyc.id, {
        parentShareholderId: bigCorp.id,
        firstName: 'Kemi',
        lastName: 'Ade',
        bvn: '22212345671',
        percentage: 10,
      }),
    )
    await api('/kyc/addresses', { method: 'POST', token: owner.token, json: addressBody(kyc.id) })
    expect(await findKycCaptureGaps(db, { businessId })).toEqual([])
  })
})
