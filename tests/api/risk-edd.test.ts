import { and, asc, eq } from 'drizzle-orm'
import JSZip from 'jszip'
import { beforeAll, describe, expect, it } from 'vitest'
import { EDD_DOCUMENT_TYPE_CODES } from '@/lib/contracts/risk-edd'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { audits, businesses, eddAnswers, kycDetails } from '@/server/db/schema'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { api, errorsOf, signedInUser } from './helpers'
import { typeByCode } from './kyc-document-fixtures'
import { uploadFile } from './kyc-fixtures'
import { businessOfTier, setEmployees } from './risk-fixtures'

type Edd = {
  required: boolean
  reasons: string[]
  kycDetailsId: string
  outstanding: number
  items: { item: string; label: string; shareholderId: string | null; complete: boolean; missing: string[] }[]
}
type Check = { code: string; met: boolean; details: string[] }

let reader: Awaited<ReturnType<typeof signedInUser>>
let approver: Awaited<ReturnType<typeof signedInUser>>
let senior: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  reader = await signedInUser({ staffRole: 'AUDITOR' })
  approver = await signedInUser({ staffRole: 'APPROVER' })
  senior = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
})

async function kycDetailsIdOf(businessId: string) {
  const [row] = await (await getDb()).select().from(kycDetails).where(eq(kycDetails.businessId, businessId))
  return row!.id
}

async function eddOf(kycDetailsId: string, token: string): Promise<Edd> {
  const res = await api(`/kyc/${kycDetailsId}/enhanced-due-diligence`, { token })
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Edd
}

const answer = (kycDetailsId: string, token: string, json: unknown) =>
  api(`/kyc/${kycDetailsId}/enhanced-due-diligence`, { method: 'PUT', token, json })

async function checklistOf(businessId: string): Promise<Check[]> {
  const res = await api(`/businesses/${businessId}/approval-checklist`, { token: approver.token })
  expect(res.status).toBe(200)
  return (await res.json()) as Check[]
}

const approve = (businessId: string, token: string) =>
  api(`/businesses/${businessId}/approve`, { method: 'PUT', token, json: { decision: 'APPROVED', comment: 'Checked' } })

async function attachEvidence(token: string, businessId: string, kycDetailsId: string, code: string, shareholderId?: string) {
  const fileId = await uploadFile(token, businessId, 'KYC_DOCUMENT')
  const res = await api('/kyc/documents', {
    method: 'POST',
    token,
    json: { kycDetailsId, documentTypeId: (await typeByCode(code)).id, fileId, ...(shareholderId && { shareholderId }) },
  })
  expect(res.status, await res.clone().text()).toBe(201)
}

const FUNDS = { item: 'SOURCE_OF_FUNDS', origin: 'BUSINESS_REVENUE', explanation: 'Profits from selling insurance policies' }

describe('enhanced due diligence: asked only of a HIGH business', () => {
  it('a MEDIUM business has nothing to answer: not required, no checklist line, a write is refused (409)', async () => {
    const { business, owner } = await businessOfTier('MEDIUM')
    const kycDetailsId = await kycDetailsIdOf(business.id)
    expect(await eddOf(kycDetailsId, owner.token)).toMatchObject({ required: false, reasons: [], outstanding: 0 })
    expect((await checklistOf(business.id)).map((c) => c.code)).not.toContain('ENHANCED_DUE_DILIGENCE')
    const refused = await answer(kycDetailsId, owner.token, FUNDS)
    expect(refused.status).toBe(409)
  })

  it('HIGH: the owner sees the items and why in plain words, never a score or points', async () => {
    const { business, owner } = await businessOfTier('HIGH', { edd: false })
    const text = await (
      await api(`/kyc/${await kycDetailsIdOf(business.id)}/enhanced-due-diligence`, { token: owner.token })
    ).text()
    expect(text.toLowerCase()).not.toMatch(/score|points/)
    const edd = JSON.parse(text) as Edd
    expect(edd.required).toBe(true)
    expect(edd.reasons).toEqual(
      expect.arrayContaining([
        'Because your business is in a sector regulators treat as higher risk',
        'Because your business has very few employees',
      ]),
    )
    // The fixture's one shareholder, Ada Obi, holds 100%: one source of wealth.
    expect(edd.items.map((i) => i.label)).toEqual([
      'Source of funds',
      'Source of wealth of Ada Obi',
      'Purpose of the relationship',
      'Expected activity',
    ])
    expect(edd.items.every((i) => !i.complete)).toBe(true)
    // Two answers and two documents for the funds and wealth items, one answer each for the others.
    expect(edd.outstanding).toBe(6)
  })
})

describe('counted like other requirements', () => {
  it('approval is refused while EDD is outstanding, then the two approvals go through; every answer audited', async () => {
    const { business, owner } = await businessOfTier('HIGH', { edd: false })
    const kycDetailsId = await kycDetailsIdOf(business.id)

    const unmet = (await checklistOf(business.id)).find((c) => c.code === 'ENHANCED_DUE_DILIGENCE')
    expect(unmet).toMatchObject({ met: false })
    expect(unmet!.details).toContain('Source of funds: Answer the question')
    const refused = await approve(business.id, approver.token)
    expect(refused.status).toBe(409)
    expect((await errorsOf(refused)).map((e) => e.field)).toContain('ENHANCED_DUE_DILIGENCE')

    // The owner's outstanding list says it and sends them to the step.
    const outstanding = await api(`/businesses/${business.id}/outstanding`, { token: owner.token })
    const items = ((await outstanding.json()) as { items: { code: string; target: { kind: string } }[] }).items
    expect(items).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'EDD_INCOMPLETE', target: { kind: 'KYC_EDD' } })]),
    )

    const ada = (await eddOf(kycDetailsId, owner.token)).items.find((i) => i.item === 'SOURCE_OF_WEALTH')!.shareholderId!
    for (const body of [
      FUNDS,
      {
        item: 'SOURCE_OF_WEALTH',
        shareholderId: ada,
        origin: 'INHERITANCE',
        explanation: 'Land left by her father in Enugu, sold in 2019',
      },
      { item: 'PURPOSE_OF_RELATIONSHIP', purpose: 'Collecting premiums and paying claims to policy holders' },
      {
        item: 'EXPECTED_ACTIVITY',
        monthlyTransactions: 1200,
        monthlyValueNaira: 80_000_000,
        counterparties: 'Policy holders and two reinsurers',
        countries: 'Nigeria, Ghana',
      },
    ]) {
      const res = await answer(kycDetailsId, owner.token, body)
      expect(res.status, await res.clone().text()).toBe(200)
    }
    // A change of an answer is an update of the same row.
    expect((await answer(kycDetailsId, owner.token, { ...FUNDS, origin: 'SHAREHOLDER_CAPITAL' })).status).toBe(200)

    const answered = await eddOf(kycDetailsId, owner.token)
    expect(answered.outstanding).toBe(2)
    expect((await approve(business.id, approver.token)).status).toBe(409)

    await attachEvidence(owner.token, business.id, kycDetailsId, EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_FUNDS)
    await attachEvidence(owner.token, business.id, kycDetailsId, EDD_DOCUMENT_TYPE_CODES.SOURCE_OF_WEALTH, ada)
    const done = await eddOf(kycDetailsId, owner.token)
    expect(done).toMatchObject({ required: true, outstanding: 0 })
    expect(done.items.every((i) => i.complete)).toBe(true)
    expect((await checklistOf(business.id)).find((c) => c.code === 'ENHANCED_DUE_DILIGENCE')).toMatchObject({ met: true })

    const first = await approve(business.id, approver.token)
    expect(first.status, await first.clone().text()).toBe(200)
    expect(await first.json()).toMatchObject({ approvalStatus: 'PENDING', decision: { seniorApprovalPending: true } })
    const second = await approve(business.id, senior.token)
    expect(second.status, await second.clone().text()).toBe(200)
    expect(await second.json()).toMatchObject({ approvalStatus: 'APPROVED' })

    const db = await getDb()
    const rows = await db
      .select({ action: audits.action, after: audits.after })
      .from(audits)
      .where(eq(audits.resource, 'edd_answer'))
      .orderBy(asc(audits.seq))
    const stored = await db.select({ id: eddAnswers.id }).from(eddAnswers).where(eq(eddAnswers.kycDetailsId, kycDetailsId))
    expect(stored).toHaveLength(4)
    const mine = await db
      .select({ action: audits.action })
      .from(audits)
      .where(and(eq(audits.resource, 'edd_answer'), eq(audits.actorId, owner.user.id)))
      .orderBy(asc(audits.seq))
    expect(mine.map((r) => r.action)).toEqual(['CREATE', 'CREATE', 'CREATE', 'CREATE', 'UPDATE'])
    expect(rows.length).toBeGreaterThanOrEqual(5)
  })

  it('when the tier drops below HIGH the items are no longer required, and the answers are kept', async () => {
    const { business, owner } = await businessOfTier('HIGH', { edd: false })
    const kycDetailsId = await kycDetailsIdOf(business.id)
    expect((await answer(kycDetailsId, owner.token, FUNDS)).status).toBe(200)
    await setEmployees(business.id, 42)
    await recomputeRiskNow(await getDb(), { businessId: business.id, reason: 'REQUESTED', audit: SYSTEM_AUDIT_CONTEXT })
    const edd = await eddOf(kycDetailsId, owner.token)
    expect(edd).toMatchObject({ required: false, outstanding: 0 })
    expect(edd.items.find((i) => i.item === 'SOURCE_OF_FUNDS')!.missing).not.toContain('Answer the question')
    expect((await checklistOf(business.id)).map((c) => c.code)).not.toContain('ENHANCED_DUE_DILIGENCE')
  })

  it('an approved business that became HIGH: outstanding for its next review, nothing it cannot do is asked', async () => {
    const { business, owner } = await businessOfTier('HIGH', { edd: false, approved: true })
    const outstanding = await api(`/businesses/${business.id}/outstanding`, { token: owner.token })
    const items = ((await outstanding.json()) as { items: { code: string; severity: string; target: { kind: string } }[] }).items
    expect(items.find((i) => i.code === 'EDD_INCOMPLETE')).toMatchObject({ severity: 'info', target: { kind: 'NONE' } })
    // The KYC of an approved business is changed by staff (docs/domain.md#kyc-edit-check).
    expect((await answer(await kycDetailsIdOf(business.id), owner.token, FUNDS)).status).toBe(403)
    const [row] = await (await getDb()).select().from(businesses).where(eq(businesses.id, business.id))
    expect(row!.approvalStatus).toBe('APPROVED')
  })
})

describe('access and input', () => {
  it("another business's owner gets 404 on read and write; staff who read businesses may read", async () => {
    const { business } = await businessOfTier('HIGH', { edd: false })
    const other = await businessOfTier('LOW')
    const kycDetailsId = await kycDetailsIdOf(business.id)
    expect((await api(`/kyc/${kycDetailsId}/enhanced-due-diligence`, { token: other.owner.token })).status).toBe(404)
    expect((await answer(kycDetailsId, other.owner.token, FUNDS)).status).toBe(404)
    expect((await eddOf(kycDetailsId, reader.token)).required).toBe(true)
    expect((await api(`/kyc/${kycDetailsId}/enhanced-due-diligence`)).status).toBe(401)
  })

  it('bad input answers 400 naming the field', async () => {
    const { business, owner } = await businessOfTier('HIGH', { edd: false })
    const kycDetailsId = await kycDetailsIdOf(business.id)
    const fieldsOf = async (body: unknown) => {
      const res = await answer(kycDetailsId, owner.token, body)
      expect(res.status).toBe(400)
      return (await errorsOf(res)).map((e) => e.field)
    }
    expect(await fieldsOf({ ...FUNDS, explanation: 'Too short' })).toContain('explanation')
    expect(await fieldsOf({ ...FUNDS, origin: 'LOTTERY' })).toContain('origin')
    expect(
      await fieldsOf({
        item: 'EXPECTED_ACTIVITY',
        monthlyTransactions: -1,
        monthlyValueNaira: 5,
        counterparties: 'Customers only',
        countries: 'Nigeria',
      }),
    ).toContain('monthlyTransactions')
    expect(await fieldsOf({ item: 'NOTHING' })).toContain('item')
    // A shareholder record of another business is nobody's source of wealth here.
    const other = await businessOfTier('LOW')
    const otherEdd = await eddOf(await kycDetailsIdOf(other.business.id), other.owner.token)
    expect(
      await fieldsOf({
        item: 'SOURCE_OF_WEALTH',
        shareholderId: otherEdd.items.find((i) => i.item === 'SOURCE_OF_WEALTH')!.shareholderId,
        origin: 'EMPLOYMENT',
        explanation: 'Twenty years as an engineer with Shell',
      }),
    ).toContain('shareholderId')
  })
})

describe('a source of wealth is the person’s data', () => {
  it('is in their export, and goes when they are erased; the business’s own answers stay', async () => {
    const officer = await signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' })
    const { business, owner } = await businessOfTier('HIGH', { edd: false })
    const kycDetailsId = await kycDetailsIdOf(business.id)
    const ada = (await eddOf(kycDetailsId, owner.token)).items.find((i) => i.item === 'SOURCE_OF_WEALTH')!.shareholderId!
    const wealth = {
      item: 'SOURCE_OF_WEALTH',
      shareholderId: ada,
      origin: 'INHERITANCE',
      explanation: 'Land left by her father in Enugu, sold in 2019',
    }
    expect((await answer(kycDetailsId, owner.token, FUNDS)).status).toBe(200)
    expect((await answer(kycDetailsId, owner.token, wealth)).status).toBe(200)

    const exported = await api(`/data-subjects/SHAREHOLDER/${ada}/export?purpose=${encodeURIComponent('DSAR, ticket 7')}`, {
      token: officer.token,
    })
    expect(exported.status, await exported.clone().text()).toBe(200)
    const zip = await JSZip.loadAsync(await exported.arrayBuffer())
    const data = JSON.parse(await zip.file('data.json')!.async('string')) as { sourceOfWealth: { answer: unknown } | null }
    expect(data.sourceOfWealth?.answer).toEqual({ origin: 'INHERITANCE', explanation: wealth.explanation })

    const erased = await api(`/data-subjects/SHAREHOLDER/${ada}/erase`, {
      method: 'POST',
      token: officer.token,
      json: { reason: 'Erasure asked by the shareholder, ticket 7' },
    })
    expect(erased.status, await erased.clone().text()).toBe(200)
    expect(((await erased.json()) as { removed: string[] }).removed).toEqual(
      expect.arrayContaining([expect.stringMatching(/^edd_answer:/)]),
    )
    const left = await (await getDb()).select().from(eddAnswers).where(eq(eddAnswers.kycDetailsId, kycDetailsId))
    expect(left.map((a) => a.item)).toEqual(['SOURCE_OF_FUNDS'])
    expect(JSON.stringify(left)).not.toContain('Enugu')
  })
})
