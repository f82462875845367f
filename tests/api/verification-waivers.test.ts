import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycVerifications } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { businessReadyForApproval } from './review-fixtures'

type Json = Record<string, unknown>

let approver: Awaited<ReturnType<typeof signedInUser>>
let secondApprover: Awaited<ReturnType<typeof signedInUser>>
let officer: Awaited<ReturnType<typeof signedInUser>>
let superAdmin: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  ;[approver, secondApprover, officer, superAdmin] = await Promise.all([
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
  ])
})

const approve = (id: string, token: string) =>
  api(`/businesses/${id}/approve`, { method: 'PUT', token, json: { decision: 'APPROVED' } })
const waive = (itemId: string, token: string, reason: unknown) =>
  api(`/verified-kyc/${itemId}/waiver`, { method: 'PUT', token, json: { reason } })

async function itemRow(id: string) {
  const db = await getDb()
  const [row] = await db.select().from(kycVerifications).where(eq(kycVerifications.id, id))
  return row!
}

async function statusOf(businessId: string) {
  const db = await getDb()
  const [row] = await db.select({ status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, businessId))
  return row!.status
}

describe('approval needs every verification check VERIFIED or waived', () => {
  it('refuses a business whose check is PENDING or FAILED with 409 PRECONDITION_FAILED naming the check', async () => {
    for (const check of ['PENDING', 'FAILED'] as const) {
      const { business } = await businessReadyForApproval({ check })
      const res = await approve(business.id, approver.token)
      expect(res.status).toBe(409)
      const errors = await errorsOf(res)
      expect(errors).toEqual([
        expect.objectContaining({
          code: 'PRECONDITION_FAILED',
          field: 'VERIFICATION',
          message: expect.stringContaining(business.name),
        }),
      ])
      expect(await statusOf(business.id)).toBe('PENDING')
      const checklist = (await (
        await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })
      ).json()) as Json[]
      expect(checklist.find((c) => c.code === 'VERIFICATION')).toMatchObject({ met: false })
    }
  })

  it('refuses a business with no verification check opened', async () => {
    const { business } = await businessReadyForApproval()
    const db = await getDb()
    await db.delete(kycVerifications).where(eq(kycVerifications.businessId, business.id))
    const res = await approve(business.id, approver.token)
    expect(res.status).toBe(409)
    expect((await errorsOf(res)).map((e) => e.field)).toEqual(['VERIFICATION'])
  })

  it('a waiver with a reason, audited, lets another approver approve; the one who waived may not', async () => {
    const { business, check } = await businessReadyForApproval({ check: 'FAILED' })
    const res = await waive(check.id, approver.token, 'Registry is down; certificate checked by hand against the original')
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({
      id: check.id,
      status: 'FAILED',
      waiver: {
        reason: 'Registry is down; certificate checked by hand against the original',
        waivedBy: approver.user.id,
        waivedByName: 'Test User',
      },
    })
    const db = await getDb()
    const [audit] = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, check.id), eq(audits.action, 'WAIVE')))
    expect(audit).toMatchObject({ actorId: approver.user.id })
    expect(audit!.before).toMatchObject({ waivedAt: null })
    expect(audit!.after).toMatchObject({ waivedBy: approver.user.id })

    const checklist = (await (
      await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })
    ).json()) as Json[]
    expect(checklist.find((c) => c.code === 'VERIFICATION')).toMatchObject({ met: true })

    const own = await approve(business.id, approver.token)
    expect(own.status).toBe(403)
    expect(await errorsOf(own)).toEqual([expect.objectContaining({ code: 'FOUR_EYES' })])
    expect(await statusOf(business.id)).toBe('PENDING')

    expect((await approve(business.id, secondApprover.token)).status).toBe(200)
    expect(await statusOf(business.id)).toBe('APPROVED')
  })

  it('refuses a waiver without a reason, by someone not allowed, twice, or of a VERIFIED check, changing nothing', async () => {
    const { business, check } = await businessReadyForApproval({ check: 'PENDING' })
    const before = await itemRow(check.id)

    const blank = await waive(check.id, approver.token, '   ')
    expect(blank.status).toBe(400)
    expect((await errorsOf(blank))[0]).toMatchObject({ field: 'reason' })
    expect((await waive(check.id, approver.token, 42)).status).toBe(400)
    expect((await waive(check.id, officer.token, 'Officers may not waive checks')).status).toBe(403)
    const owner = await signedInUser({ businesses: [{ businessId: business.id, role: 'BUSINESS_OWNER' }] })
    expect((await waive(check.id, owner.token, 'Owners may not waive their own checks')).status).toBe(403)
    expect(await itemRow(check.id)).toEqual(before)

    expect((await waive(check.id, approver.token, 'Checked by phone with the registry')).status).toBe(200)
    const again = await waive(check.id, secondApprover.token, 'A second waiver of the same check')
    expect(again.status).toBe(409)
    expect((await errorsOf(again))[0]).toMatchObject({
      code: 'INVALID_STATE',
      message: expect.stringContaining('already waived'),
    })

    const { check: verified } = await businessReadyForApproval()
    const verifiedBefore = await itemRow(verified.id)
    const res = await waive(verified.id, approver.token, 'Nothing to waive on a verified check')
    expect(res.status).toBe(409)
    expect(await itemRow(verified.id)).toEqual(verifiedBefore)
  })

  it('a check that fails after it was waived needs a new waiver', async () => {
    const { business, check } = await businessReadyForApproval({ check: 'PENDING' })
    expect((await waive(check.id, approver.token, 'Registry down this week; certificate seen')).status).toBe(200)
    const failed = await api(`/verified-kyc/${check.id}`, {
      method: 'PUT',
      token: superAdmin.token,
      json: { status: 'FAILED', comment: 'The registry does not know this number' },
    })
    expect(failed.status).toBe(200)
    expect(await failed.json()).toMatchObject({ status: 'FAILED', waiver: null })
    const res = await approve(business.id, secondApprover.token)
    expect(res.status).toBe(409)
    expect((await errorsOf(res)).map((e) => e.field)).toEqual(['VERIFICATION'])
  })

  it('ten parallel waivers of one check: one 200, nine 409, one audit row', async () => {
    const { check } = await businessReadyForApproval({ check: 'PENDING' })
    const reviewers = await Promise.all(Array.from({ length: 10 }, () => signedInUser({ staffRole: 'APPROVER' })))
    const answers = await Promise.all(reviewers.map((r, i) => waive(check.id, r.token, `Waiver number ${i} with a reason`)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)])
    const db = await getDb()
    const rows = await db
      .select()
      .from(audits)
      .where(and(eq(audits.resourceId, check.id), eq(audits.action, 'WAIVE')))
    expect(rows).toHaveLength(1)
  })
})
