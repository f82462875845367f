import { and, asc, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycDetails, shareholders } from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import { addressBody, createKyc, meansOfIdBody, ownerWithBusiness } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'

/**
 * A KYC edit (or a business edit) and an approval or archive of the same business, sent at the same moment, many
 * times. Whatever the order the database picks, the outcome is one of two: the edit committed before the decision
 * (its audit row comes first in the chain and the decided business carries it), or the edit was refused (403/409)
 * and changed nothing. Never an APPROVED or archived business whose KYC changed after the decision.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
let approver: User
let officer: User

const ROUNDS = 12

beforeAll(async () => {
  ;[approver, officer] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
  ])
})

/** A business ready for approval with its owner and KYC record. */
async function raceSubject() {
  const { business, owner } = await businessReadyForApproval()
  const db = await getDb()
  const [details] = await db.select().from(kycDetails).where(eq(kycDetails.businessId, business.id))
  return { business, owner, kycDetailsId: details!.id }
}

/** The business's audit rows of these actions, in chain order. */
async function auditTrail(resourceIds: string[], actions: string[]) {
  const db = await getDb()
  return db
    .select({ seq: audits.seq, action: audits.action, resource: audits.resource })
    .from(audits)
    .where(and(inArray(audits.resourceId, resourceIds), inArray(audits.action, actions)))
    .orderBy(asc(audits.seq))
}

const approve = (businessId: string) =>
  api(`/businesses/${businessId}/approve`, { method: 'PUT', token: approver.token, json: { decision: 'APPROVED' } })
const archive = (businessId: string) =>
  api(`/archive/business/${businessId}`, { method: 'POST', token: officer.token, json: { reason: 'Duplicate registration' } })

describe('a KYC edit racing a decision on the business', () => {
  it('company details vs approval: the edit is in the approved KYC, or it was refused and changed nothing', async () => {
    const outcomes: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const { business, owner, kycDetailsId } = await raceSubject()
      const db = await getDb()
      const [before] = await db.select().from(kycDetails).where(eq(kycDetails.id, kycDetailsId))
      const [edit, decision] = await Promise.all([
        api(`/kyc/details/${kycDetailsId}`, { method: 'PUT', token: owner.token, json: { numberOfEmployees: 1000 + round } }),
        approve(business.id),
      ])
      expect(decision.status, await decision.clone().text()).toBe(200)
      const [details] = await db.select().from(kycDetails).where(eq(kycDetails.id, kycDetailsId))
      const trail = await auditTrail([business.id, kycDetailsId], ['UPDATE', 'APPROVE'])
      if (edit.status === 200) {
        expect(details!.numberOfEmployees).toBe(1000 + round)
        expect(trail.map((a) => a.action)).toEqual(['UPDATE', 'APPROVE'])
      } else {
        expect(edit.status, await edit.clone().text()).toBe(403)
        expect(details!.numberOfEmployees).toBe(before!.numberOfEmployees)
        expect(trail.map((a) => a.action)).toEqual(['APPROVE'])
      }
      outcomes.push(edit.status)
    }
    expect(outcomes.every((s) => s === 200 || s === 403)).toBe(true)
  })

  it('a new shareholder vs archive: added before the archive, or refused with 409 and nothing added', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { business, owner, kycDetailsId } = await raceSubject()
      const db = await getDb()
      // The ready business's shareholders hold 100 %: leave 10 % for the new one (the archive checks no capture rule).
      const [first] = await db.select().from(shareholders).where(eq(shareholders.kycDetailsId, kycDetailsId))
      await db
        .update(shareholders)
        .set({ percentageUnits: first!.percentageUnits - 1000 })
        .where(eq(shareholders.id, first!.id))
      const existing = await db
        .select({ id: shareholders.id })
        .from(shareholders)
        .where(eq(shareholders.kycDetailsId, kycDetailsId))
      const [edit, archived] = await Promise.all([
        api('/kyc/shareholders', {
          method: 'POST',
          token: owner.token,
          json: {
            kycDetailsId,
            type: 'CORPORATE',
            companyName: `Holdco ${round} Ltd`,
            registrationNumber: 'RC7654321',
            percentage: 10,
          },
        }),
        archive(business.id),
      ])
      expect(archived.status, await archived.clone().text()).toBe(200)
      const holders = await db.select().from(shareholders).where(eq(shareholders.kycDetailsId, kycDetailsId))
      const added = holders.filter((h) => !existing.some((e) => e.id === h.id))
      const trail = await auditTrail([business.id, ...added.map((h) => h.id)], ['CREATE', 'ARCHIVE'])
      if (edit.status === 201) {
        expect(added).toHaveLength(1)
        expect(trail.map((a) => a.action)).toEqual(['CREATE', 'ARCHIVE'])
      } else {
        expect(edit.status, await edit.clone().text()).toBe(409)
        expect(added).toHaveLength(0)
        expect(trail.map((a) => a.action)).toEqual(['ARCHIVE'])
      }
    }
  })

  it("the owner's business edit vs approval: made before the approval, or refused with 403 and nothing changed", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { business, owner } = await raceSubject()
      const website = `https://race-${round}.example.ng`
      const [edit, decision] = await Promise.all([
        api(`/businesses/${business.id}`, { method: 'PATCH', token: owner.token, json: { website } }),
        approve(business.id),
      ])
      expect(decision.status, await decision.clone().text()).toBe(200)
      const db = await getDb()
      const [row] = await db.select().from(businesses).where(eq(businesses.id, business.id))
      const trail = await auditTrail([business.id], ['UPDATE', 'APPROVE'])
      expect(row!.approvalStatus).toBe('APPROVED')
      if (edit.status === 200) {
        expect(row!.website).toBe(website)
        expect(trail.map((a) => a.action)).toEqual(['UPDATE', 'APPROVE'])
      } else {
        expect(edit.status, await edit.clone().text()).toBe(403)
        expect(row!.website).toBe(business.website)
        expect(trail.map((a) => a.action)).toEqual(['APPROVE'])
      }
    }
  })
})

describe('one lock order for KYC writes (issue 32)', () => {
  it('address and means-of-ID updates racing the deletion of their KYC record: each lands before it or answers 404, never a deadlock (409)', async () => {
    const outcomes: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const { owner, businessId } = await ownerWithBusiness()
      const kyc = await createKyc(owner.token, businessId)
      const created = async (path: string, json: unknown) => {
        const res = await api(path, { method: 'POST', token: owner.token, json })
        expect(res.status, await res.clone().text()).toBe(201)
        return ((await res.json()) as { id: string }).id
      }
      const addressId = await created('/kyc/addresses', addressBody(kyc.id))
      const meansOfIdId = await created('/kyc/means-of-ids', meansOfIdBody(kyc.id))
      const [address, meansOfId, deleted] = await Promise.all([
        api(`/kyc/addresses/${addressId}`, { method: 'PUT', token: owner.token, json: { line2: `Floor ${round}` } }),
        api(`/kyc/means-of-ids/${meansOfIdId}`, {
          method: 'PUT',
          token: owner.token,
          json: { firstName: `Ada ${'abcdefghijkl'[round]}` },
        }),
        api(`/kyc/${kyc.id}`, { method: 'DELETE', token: owner.token }),
      ])
      expect(deleted.status, await deleted.clone().text()).toBe(204)
      for (const res of [address, meansOfId]) expect([200, 404], await res.clone().text()).toContain(res.status)
      outcomes.push(`${address.status}/${meansOfId.status}`)
    }
    expect(outcomes).toHaveLength(ROUNDS)
  })
})
