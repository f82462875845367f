import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Outstanding } from '@/lib/contracts/outstanding'
import type { ApprovalCheck } from '@/lib/contracts/reviews'
import { getDb } from '@/server/db/client'
import { businesses, meansOfIds, shareholders } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { individualBody } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'

let approver: Awaited<ReturnType<typeof signedInUser>>
beforeAll(async () => {
  approver = await signedInUser({ staffRole: 'APPROVER' })
})

/** After submitting, the owner deletes their only shareholder and adds her again at 40%: her means of ID is no longer hers. */
async function submittedThenShareholderReadded() {
  const ready = await businessReadyForApproval()
  const db = await getDb()
  const [holder] = await db.select().from(shareholders).where(eq(shareholders.businessId, ready.business.id))
  const removed = await api(`/kyc/shareholders/${holder!.id}`, { method: 'DELETE', token: ready.owner.token })
  expect(removed.status, await removed.clone().text()).toBe(200)
  const added = await api('/kyc/shareholders', {
    method: 'POST',
    token: ready.owner.token,
    json: individualBody(holder!.kycDetailsId, { percentage: 40 }),
  })
  expect(added.status, await added.clone().text()).toBe(201)
  return ready
}

describe('approval re-checks the capture rules of the submission', () => {
  it('lists a beneficial owner without a means of ID in the checklist, and refuses the approval naming her', async () => {
    const { business } = await submittedThenShareholderReadded()

    const checklist = await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })
    expect(checklist.status).toBe(200)
    const capture = ((await checklist.json()) as ApprovalCheck[]).find((c) => c.code === 'KYC_CAPTURE')
    expect(capture).toEqual({
      code: 'KYC_CAPTURE',
      label: expect.any(String),
      met: false,
      details: ['Ada Obi owns 40% of the business and is a beneficial owner: add a current means of ID for them (step 3).'],
    })

    const refused = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(refused.status).toBe(409)
    const errors = await errorsOf(refused)
    expect(errors).toContainEqual(
      expect.objectContaining({
        code: 'PRECONDITION_FAILED',
        field: 'KYC_CAPTURE',
        message: expect.stringContaining('Ada Obi owns 40% of the business and is a beneficial owner'),
      }),
    )
    const [after] = await (await getDb()).select().from(businesses).where(eq(businesses.id, business.id))
    expect(after).toMatchObject({ approvalStatus: 'PENDING', approvedAt: null })
  })

  it('ticks the capture rules for a business that still meets them', async () => {
    const { business } = await businessReadyForApproval()
    const checks = (await (
      await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })
    ).json()) as ApprovalCheck[]
    expect(checks.find((c) => c.code === 'KYC_CAPTURE')).toMatchObject({ met: true, details: [] })
  })

  it('words the state for staff: a business still in capture is not waiting for a decision, an approved one shows no "waiting"', async () => {
    const { business } = await businessReadyForApproval()
    const db = await getDb()
    await db.update(businesses).set({ kycDetailsCompleted: false }).where(eq(businesses.id, business.id))
    const inCapture = (await (
      await api(`/businesses/${business.id}/approval-checklist`, { token: approver.token })
    ).json()) as ApprovalCheck[]
    expect(inCapture.find((c) => c.code === 'PENDING_STATE')).toEqual({
      code: 'PENDING_STATE',
      label: 'Submitted and waiting for a decision',
      met: false,
      details: ['Not submitted yet: its KYC is still being captured'],
    })
    expect(inCapture.find((c) => c.code === 'KYC_COMPLETE')).toMatchObject({
      label: 'KYC submitted by the business',
      met: false,
    })
    // Nothing addressed to the business itself ("The business has not marked its KYC complete").
    expect(inCapture.flatMap((c) => c.details).filter((d) => /has not marked/.test(d))).toEqual([])
  })
})

describe("the owner's list after approval", () => {
  it('does not send the owner to a KYC step they can no longer save: it says our staff make the change', async () => {
    const { business, owner } = await businessReadyForApproval()
    const db = await getDb()
    // Approved with a gap (approved before this rule, or a means of ID that expired since): the ID is no longer linked.
    await db.update(meansOfIds).set({ shareholderId: null }).where(eq(meansOfIds.businessId, business.id))
    await db.update(businesses).set({ approvalStatus: 'APPROVED', approvedAt: new Date() }).where(eq(businesses.id, business.id))

    const res = await api(`/businesses/${business.id}/outstanding`, { token: owner.token })
    expect(res.status).toBe(200)
    const { items } = (await res.json()) as Outstanding
    const kyc = items.filter((i) => i.code === 'KYC_STEP_INCOMPLETE')
    expect(kyc).toEqual([
      {
        code: 'KYC_STEP_INCOMPLETE',
        severity: 'info',
        title: 'Our staff will complete the means of ID',
        message: expect.stringContaining('our compliance team makes this change'),
        target: { kind: 'NONE' },
      },
    ])
    expect(items.filter((i) => i.target.kind === 'KYC_STEP' && i.target.step !== 'COMPANY_DETAILS')).toEqual([])

    // Staff who may change an approved KYC still get the step to open.
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const staffView = (await (await api(`/businesses/${business.id}/outstanding`, { token: admin.token })).json()) as Outstanding
    expect(staffView.items.find((i) => i.code === 'KYC_STEP_INCOMPLETE')).toMatchObject({
      title: 'Complete the means of ID',
      target: { kind: 'KYC_STEP', step: 'MEANS_OF_ID' },
    })
  })
})
