import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { isoDay } from '@/lib/format/iso-day'
import { SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { audits, businesses, riskJobs } from '@/server/db/schema'
import { addIsoYears } from '@/server/modules/risk/recertification'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { runRiskJobBatch } from '@/server/modules/risk/risk-jobs'
import { api, errorsOf, signedInUser } from './helpers'
import { businessOfTier, openCandidate, setEmployees } from './risk-fixtures'

let maker: Awaited<ReturnType<typeof signedInUser>>
let checker: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  maker = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  checker = await signedInUser({ staffRole: 'SUPER_ADMIN' })
})

type Risk = {
  tier: string
  computedTier: string
  override?: { tier: string; reviewNeeded: boolean; computedTier: string; reason: string }
}
const riskOf = async (id: string) => (await (await api(`/businesses/${id}/risk`, { token: maker.token })).json()) as Risk
const recertificationOf = async (id: string) => {
  const db = await getDb()
  const [row] = await db.select({ date: businesses.recertificationDate }).from(businesses).where(eq(businesses.id, id))
  return row!.date
}

async function overrideApproved(businessId: string, tier: string, reason: string) {
  const requested = await api(`/businesses/${businessId}/risk/override`, {
    method: 'POST',
    token: maker.token,
    json: { tier, reason },
  })
  expect(requested.status).toBe(202)
  const pending = (await requested.json()) as { id: string; type: string }
  expect(pending.type).toBe('RISK_TIER_OVERRIDE')
  const decided = await api(`/authorizations/${pending.id}`, {
    method: 'PUT',
    token: checker.token,
    json: { decision: 'APPROVED' },
  })
  expect(decided.status).toBe(200)
}

describe('tier override', () => {
  it('takes effect through four-eyes, beside the computed tier; flagged when the computed tier moves', async () => {
    const { business } = await businessOfTier('MEDIUM')
    const requested = await api(`/businesses/${business.id}/risk/override`, {
      method: 'POST',
      token: maker.token,
      json: { tier: 'HIGH', reason: 'Adverse media about the directors' },
    })
    expect(requested.status).toBe(202)
    const pending = (await requested.json()) as { id: string }
    expect((await riskOf(business.id)).override).toBeUndefined()
    // The business's review shows the request waiting, in words, to staff who may only override (makers see their own).
    const overrider = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_OVERRIDE_RISK_TIER'] })
    const asked = await api(`/businesses/${business.id}/risk/override`, {
      method: 'POST',
      token: overrider.token,
      json: { tier: 'LOW', reason: 'A second request' },
    })
    expect(asked.status).toBe(409)
    const waiting = await api('/authorizations/pending?resource=business_risk', { token: overrider.token })
    expect(waiting.status).toBe(200)
    expect(
      ((await waiting.json()) as { resourceId: string; what: string }[]).find((p) => p.resourceId === business.id),
    ).toMatchObject({ what: `override the risk tier of ${business.name} to high` })
    expect(
      (await api(`/authorizations/${pending.id}`, { method: 'PUT', token: maker.token, json: { decision: 'APPROVED' } })).status,
    ).toBe(403)
    expect(
      (await api(`/authorizations/${pending.id}`, { method: 'PUT', token: checker.token, json: { decision: 'APPROVED' } }))
        .status,
    ).toBe(200)
    expect(await riskOf(business.id)).toMatchObject({
      tier: 'HIGH',
      computedTier: 'MEDIUM',
      override: { tier: 'HIGH', computedTier: 'MEDIUM', reviewNeeded: false, reason: 'Adverse media about the directors' },
    })

    await setEmployees(business.id, 1)
    const db = await getDb()
    await recomputeRiskNow(db, { businessId: business.id, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })
    expect(await riskOf(business.id)).toMatchObject({ tier: 'HIGH', computedTier: 'HIGH', override: { reviewNeeded: true } })
    const flagged = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resource, 'risk_override'), eq(audits.action, 'REVIEW_NEEDED')))
    expect(flagged).toHaveLength(1)
  })

  it('refuses staff without the permission, a tier that is not one, and a prohibited business', async () => {
    const { business } = await businessOfTier('LOW')
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const refused = await api(`/businesses/${business.id}/risk/override`, {
      method: 'POST',
      token: approver.token,
      json: { tier: 'LOW', reason: 'Known to us' },
    })
    expect(refused.status).toBe(403)
    const bad = await api(`/businesses/${business.id}/risk/override`, {
      method: 'POST',
      token: maker.token,
      json: { tier: 'PROHIBITED', reason: 'x' },
    })
    expect(bad.status).toBe(400)
    expect((await errorsOf(bad)).map((e) => e.field).sort()).toEqual(['reason', 'tier'])

    const hit = await openCandidate(business.id, 'OFAC_SDN')
    await api(`/screening/hits/${hit.id}`, {
      method: 'PUT',
      token: checker.token,
      json: { decision: 'TRUE_MATCH', reason: 'Same person, same date of birth' },
    })
    const prohibited = await api(`/businesses/${business.id}/risk/override`, {
      method: 'POST',
      token: maker.token,
      json: { tier: 'LOW', reason: 'We know them' },
    })
    expect(prohibited.status).toBe(409)
  })
})

describe('recertification by tier', () => {
  it('a tier change of an approved business moves its date by the difference of the periods', async () => {
    const { business } = await businessOfTier('MEDIUM')
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const approved = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(approved.status).toBe(200)
    const today = isoDay(new Date())
    expect(await recertificationOf(business.id)).toBe(addIsoYears(today, 2))

    await overrideApproved(business.id, 'LOW', 'Long-standing client of the group, audited accounts')
    expect(await recertificationOf(business.id)).toBe(addIsoYears(today, 3))

    const db = await getDb()
    await setEmployees(business.id, 1)
    await recomputeRiskNow(db, { businessId: business.id, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })
    // The override still holds (LOW), flagged for review: the date stays.
    expect(await riskOf(business.id)).toMatchObject({ tier: 'LOW', computedTier: 'HIGH', override: { reviewNeeded: true } })
    expect(await recertificationOf(business.id)).toBe(addIsoYears(today, 3))
    const moves = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, business.id), eq(audits.action, 'RECERTIFICATION_DATE')))
    expect(moves).toHaveLength(1)
  })

  it('the backfill gives businesses approved before their date by tier: resumable, audited, once', async () => {
    const low = await businessOfTier('LOW', { approved: true })
    const medium = await businessOfTier('MEDIUM', { approved: true })
    const high = await businessOfTier('HIGH', { approved: true })
    const pendingOne = await businessOfTier('LOW')

    const queued = await api('/risk/recertification-backfill', { method: 'POST', token: maker.token })
    expect(queued.status).toBe(202)
    expect((await api('/risk/recertification-backfill', { method: 'POST', token: maker.token })).status).toBe(409)

    const db = await getDb()
    // One business a batch: after the first, the job holds its cursor and the rest wait for the next batches.
    expect(await runRiskJobBatch({ db, batchSize: 1 })).toMatchObject({ worked: true, done: false })
    const [job] = await db.select().from(riskJobs).where(eq(riskJobs.kind, 'RECERTIFICATION_BACKFILL'))
    expect(job).toMatchObject({ status: 'RUNNING', done: 1 })
    while ((await runRiskJobBatch({ db, batchSize: 1 })).worked);

    // Approved 2026-01-15 (date 2027-01-15 under the former one year): LOW 3 years, MEDIUM 2, HIGH 1 from then.
    expect(await recertificationOf(low.business.id)).toBe('2029-01-15')
    expect(await recertificationOf(medium.business.id)).toBe('2028-01-15')
    expect(await recertificationOf(high.business.id)).toBe('2027-01-15')
    expect(await recertificationOf(pendingOne.business.id)).toBeNull()
    const rows = await db.select().from(audits).where(eq(audits.action, 'RECERTIFICATION_BACKFILL'))
    expect(rows.map((r) => r.resourceId).sort()).toEqual([low.business.id, medium.business.id].sort())
    const jobs = await api('/risk/jobs', { token: maker.token })
    expect(((await jobs.json()) as { content: unknown[] }).content).toEqual([
      expect.objectContaining({ kind: 'RECERTIFICATION_BACKFILL', status: 'DONE', changed: 2 }),
    ])
  })
})
