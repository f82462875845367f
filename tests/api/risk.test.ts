import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isoDay } from '@/lib/format/iso-day'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycDetails, riskAssessments } from '@/server/db/schema'
import { addIsoYears } from '@/server/modules/risk/recertification'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { completeCapture } from './kyc-document-fixtures'
import { attachRequiredDocuments } from './review-fixtures'
import { businessOfTier, openCandidate, productOfRisk } from './risk-fixtures'

type Risk = {
  tier: string
  computedTier: string
  score: number
  modelVersion: number
  factors: { code: string; label: string; points: number; detail: string; source: string }[]
  reason: string
  assessedAt: string
  override?: { tier: string; reviewNeeded: boolean }
  firstApproval?: { approvedBy: string }
}

let reader: Awaited<ReturnType<typeof signedInUser>>
let approver: Awaited<ReturnType<typeof signedInUser>>
let secondApprover: Awaited<ReturnType<typeof signedInUser>>
let senior: Awaited<ReturnType<typeof signedInUser>>
let otherSenior: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  reader = await signedInUser({ staffRole: 'AUDITOR' })
  approver = await signedInUser({ staffRole: 'APPROVER' })
  secondApprover = await signedInUser({ staffRole: 'APPROVER' })
  senior = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  otherSenior = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
})

async function riskOf(businessId: string): Promise<Risk> {
  const res = await api(`/businesses/${businessId}/risk`, { token: reader.token })
  expect(res.status).toBe(200)
  return (await res.json()) as Risk
}

async function historyOf(businessId: string) {
  const res = await api(`/businesses/${businessId}/risk/history?pageSize=50`, { token: reader.token })
  expect(res.status).toBe(200)
  return ((await res.json()) as { content: { reason: string; tier: string; score: number }[] }).content
}

const approve = (businessId: string, token: string) =>
  api(`/businesses/${businessId}/approve`, { method: 'PUT', token, json: { decision: 'APPROVED', comment: 'Checked' } })

describe('assessments: computed, kept as history, recomputed on each trigger', () => {
  it('the KYC submission assesses the business, with every factor, its points and its source; audited', async () => {
    const business = await createTestBusiness()
    const owner = await signedInUser({ businesses: [{ businessId: business.id, role: 'BUSINESS_OWNER' }] })
    await completeCapture(business.id)
    await attachRequiredDocuments(business.id)
    expect(await (await api(`/businesses/${business.id}/risk`, { token: reader.token })).json()).toBeNull()

    const submitted = await api(`/businesses/${business.id}/completed-kyc-details`, { method: 'PUT', token: owner.token })
    expect(submitted.status).toBe(200)
    const risk = await riskOf(business.id)
    expect(risk).toMatchObject({ modelVersion: 1, reason: 'KYC_SUBMITTED' })
    expect(risk.factors.find((f) => f.code === 'LEGAL_FORM')).toMatchObject({ label: 'Legal form', points: 0 })
    // The owner registered it: self-service, not face to face.
    expect(risk.factors.find((f) => f.code === 'CHANNEL')).toMatchObject({
      points: 10,
      source: expect.stringContaining('created_by'),
    })
    expect(risk.score).toBe(risk.factors.reduce((s, f) => s + f.points, 0))
    const db = await getDb()
    const rows = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'risk_assessment'), eq(audits.action, 'ASSESS')))
    expect(rows.some((r) => (r.after as { businessId?: string } | null)?.businessId === business.id)).toBe(true)
  })

  it('a change of the submitted KYC re-assesses it; a change that moves no factor keeps the assessment', async () => {
    const { business, owner } = await businessOfTier('LOW')
    const before = await riskOf(business.id)
    const db = await getDb()
    const [details] = await db.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, business.id))

    const same = await api(`/kyc/details/${details!.id}`, {
      method: 'PUT',
      token: owner.token,
      json: { description: 'Processes and packages cassava flour and garri' },
    })
    expect(same.status).toBe(200)
    const unchanged = await riskOf(business.id)
    expect(unchanged).toEqual(before)

    const fewer = await api(`/kyc/details/${details!.id}`, { method: 'PUT', token: owner.token, json: { numberOfEmployees: 1 } })
    expect(fewer.status).toBe(200)
    const after = await riskOf(business.id)
    expect(after).toMatchObject({ reason: 'KYC_CHANGED', score: before.score + 5 })
    expect(after.factors.map((f) => f.code)).toContain('EMPLOYEES')
    const history = await historyOf(business.id)
    expect(history[0]).toMatchObject({ reason: 'KYC_CHANGED', score: before.score + 5 })
    expect(history[1]).toMatchObject({ reason: before.reason, score: before.score })
  })

  it('a screening adjudication re-assesses it: a true sanctions match is PROHIBITED, never approvable', async () => {
    const { business } = await businessOfTier('LOW')
    const hit = await openCandidate(business.id, 'OFAC_SDN')
    const adjudicated = await api(`/screening/hits/${hit.id}`, {
      method: 'PUT',
      token: secondApprover.token,
      json: { decision: 'TRUE_MATCH', reason: 'Same person: name, date of birth and BVN match' },
    })
    expect(adjudicated.status).toBe(200)
    const risk = await riskOf(business.id)
    expect(risk).toMatchObject({ tier: 'PROHIBITED', reason: 'SCREENING_CHANGED' })
    expect(risk.factors.find((f) => f.code === 'SANCTIONS_MATCH')).toBeTruthy()

    const refused = await approve(business.id, approver.token)
    expect(refused.status).toBe(409)
    expect((await errorsOf(refused))[0]).toMatchObject({ code: 'RISK_PROHIBITED' })
    expect(await approve(business.id, senior.token).then((r) => r.status)).toBe(409)
  })

  it('an adjudicated PEP-list match counts as a confirmed PEP', async () => {
    const { business } = await businessOfTier('LOW')
    const hit = await openCandidate(business.id, 'PEP')
    await api(`/screening/hits/${hit.id}`, {
      method: 'PUT',
      token: secondApprover.token,
      json: { decision: 'TRUE_MATCH', reason: 'The same person: a serving commissioner' },
    })
    const risk = await riskOf(business.id)
    expect(risk.factors.find((f) => f.code === 'PEP_CONFIRMED')).toMatchObject({ points: 30 })
    expect(risk).toMatchObject({ tier: 'HIGH', reason: 'SCREENING_CHANGED' })
  })

  it('a product application re-assesses it by the product’s risk level', async () => {
    const { business, owner } = await businessOfTier('LOW')
    const before = await riskOf(business.id)
    const product = await productOfRisk('HIGH')
    const applied = await api('/onboarding-products', {
      method: 'POST',
      token: owner.token,
      json: { businessId: business.id, productCode: product.code },
    })
    expect(applied.status).toBe(201)
    const after = await riskOf(business.id)
    expect(after).toMatchObject({ reason: 'PRODUCT_APPLIED', score: before.score + 15 })
    expect(after.factors.find((f) => f.code === 'PRODUCT')!.detail).toContain(product.name)
  })
})

describe('GET /businesses/{id}/risk', () => {
  it('answers staff who may read the business; refuses its owner, staff without the permission, and unknown ids', async () => {
    const { business, owner } = await businessOfTier('MEDIUM')
    const risk = await riskOf(business.id)
    expect(risk).toMatchObject({ tier: 'MEDIUM', computedTier: 'MEDIUM', score: 35, modelVersion: 1 })
    expect(risk.factors.find((f) => f.code === 'SECTOR')).toMatchObject({ label: 'Higher-risk sector', points: 20 })
    expect(risk.override).toBeUndefined()

    expect((await api(`/businesses/${business.id}/risk`, { token: owner.token })).status).toBe(403)
    expect((await api(`/businesses/${business.id}/risk/history`, { token: owner.token })).status).toBe(403)
    const productManager = await signedInUser({ staffRole: 'PRODUCT_MANAGER' })
    expect((await api(`/businesses/${business.id}/risk`, { token: productManager.token })).status).toBe(403)
    expect((await api('/businesses/00000000-0000-4000-8000-000000000000/risk', { token: reader.token })).status).toBe(404)
    expect((await api('/businesses/not-an-id/risk', { token: reader.token })).status).toBe(400)
  })
})

describe('approval by tier', () => {
  it('LOW and MEDIUM: one approval; the recertification date follows the tier (3 and 2 years)', async () => {
    const today = isoDay(new Date())
    const low = await businessOfTier('LOW')
    const lowApproved = await approve(low.business.id, approver.token)
    expect(lowApproved.status).toBe(200)
    expect(await lowApproved.json()).toMatchObject({ approvalStatus: 'APPROVED', recertificationDate: addIsoYears(today, 3) })

    const medium = await businessOfTier('MEDIUM')
    const mediumApproved = await approve(medium.business.id, approver.token)
    expect(await mediumApproved.json()).toMatchObject({ approvalStatus: 'APPROVED', recertificationDate: addIsoYears(today, 2) })
  })

  it('HIGH: the first approval waits for a senior approval by someone else with CAN_APPROVE_HIGH_RISK; then a year', async () => {
    const { business } = await businessOfTier('HIGH')
    expect((await riskOf(business.id)).tier).toBe('HIGH')

    const first = await approve(business.id, approver.token)
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ approvalStatus: 'PENDING', decision: { seniorApprovalPending: true } })
    expect((await riskOf(business.id)).firstApproval).toMatchObject({ approvedBy: 'Test User' })

    const again = await approve(business.id, approver.token)
    expect(again.status).toBe(403)
    expect((await errorsOf(again))[0]).toMatchObject({ code: 'FOUR_EYES' })
    const notSenior = await approve(business.id, secondApprover.token)
    expect(notSenior.status).toBe(403)
    expect((await errorsOf(notSenior))[0]).toMatchObject({ code: 'FORBIDDEN', permissions: ['CAN_APPROVE_HIGH_RISK'] })

    const [a, b] = await Promise.all([approve(business.id, senior.token), approve(business.id, otherSenior.token)])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    const db = await getDb()
    const [row] = await db.select().from(businesses).where(eq(businesses.id, business.id))
    expect(row).toMatchObject({ approvalStatus: 'APPROVED', recertificationDate: addIsoYears(isoDay(new Date()), 1) })
    expect((await riskOf(business.id)).firstApproval).toBeUndefined()
    const steps = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'business'), eq(audits.resourceId, business.id)))
    expect(steps.map((s) => s.action)).toEqual(expect.arrayContaining(['FIRST_APPROVAL', 'APPROVE']))
  })

  it('HIGH: the senior who gave the first approval cannot give the second', async () => {
    const { business } = await businessOfTier('HIGH')
    expect((await approve(business.id, senior.token)).status).toBe(200)
    const own = await approve(business.id, senior.token)
    expect(own.status).toBe(403)
    expect((await errorsOf(own))[0]).toMatchObject({ code: 'FOUR_EYES' })
    expect((await approve(business.id, otherSenior.token)).status).toBe(200)
  })

  it('a decline ends the wait for a senior approval', async () => {
    const { business } = await businessOfTier('HIGH')
    await approve(business.id, approver.token)
    const declined = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: secondApprover.token,
      json: { decision: 'DECLINED', comment: 'Source of funds not explained' },
    })
    expect(declined.status).toBe(200)
    expect((await riskOf(business.id)).firstApproval).toBeUndefined()
    const db = await getDb()
    expect(await db.select().from(riskAssessments).where(eq(riskAssessments.businessId, business.id))).not.toHaveLength(0)
  })
})
