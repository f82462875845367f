import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses, kycDetails } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { attach, completeCapture } from './kyc-document-fixtures'
import { ownerWithBusiness } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'

/**
 * Issue 32, finding 2: whoever changed a business's KYC as staff, or recorded a verification result of it, since its
 * last submission made what an approval would accept, and may not approve it (as whoever waived a check may not).
 */

type User = Awaited<ReturnType<typeof signedInUser>>
let superAdmin: User
let approver: User

beforeAll(async () => {
  ;[superAdmin, approver] = await Promise.all([
    signedInUser({ staffRole: 'SUPER_ADMIN' }),
    signedInUser({ staffRole: 'APPROVER' }),
  ])
})

const approve = (id: string, token: string) =>
  api(`/businesses/${id}/approve`, { method: 'PUT', token, json: { decision: 'APPROVED' } })
const submit = (id: string, token: string) => api(`/businesses/${id}/completed-kyc-details`, { method: 'PUT', token })

async function statusOf(businessId: string) {
  const db = await getDb()
  const [row] = await db.select({ status: businesses.approvalStatus }).from(businesses).where(eq(businesses.id, businessId))
  return row!.status
}

describe('the approval refuses a maker of what it would accept', () => {
  it('refuses whoever recorded a verification result (403 FOUR_EYES, in words); another approver approves', async () => {
    const { business, check } = await businessReadyForApproval({ check: 'PENDING' })
    const verified = await api(`/verified-kyc/${check.id}`, {
      method: 'PUT',
      token: superAdmin.token,
      json: { status: 'VERIFIED' },
    })
    expect(verified.status, await verified.clone().text()).toBe(200)

    const own = await approve(business.id, superAdmin.token)
    expect(own.status).toBe(403)
    expect(await errorsOf(own)).toEqual([
      expect.objectContaining({
        code: 'FOUR_EYES',
        message:
          'You recorded a verification result of this business since it was submitted, so another reviewer must approve it',
      }),
    ])
    expect(await statusOf(business.id)).toBe('PENDING')
    const other = await approve(business.id, approver.token)
    expect(other.status, await other.clone().text()).toBe(200)
  })

  it('refuses whoever changed the KYC as staff since the last submission, and no longer once the business submits again', async () => {
    const { owner, business } = await ownerWithBusiness()
    const details = await completeCapture(business.id)
    for (const code of [
      'CERTIFICATE_OF_INCORPORATION',
      'CAC_2',
      'CAC_STATUS_REPORT',
      'MEMART',
      'BOARD_RESOLUTION',
      'TIN_CERTIFICATE',
    ])
      expect((await attach(owner.token, business, details.id, code)).status).toBe(201)
    expect((await submit(business.id, owner.token)).status).toBe(200)

    const edit = await api(`/kyc/details/${details.id}`, {
      method: 'PUT',
      token: superAdmin.token,
      json: { natureOfBusiness: 'Food processing and export' },
    })
    expect(edit.status, await edit.clone().text()).toBe(200)
    const own = await approve(business.id, superAdmin.token)
    expect(own.status).toBe(403)
    expect(await errorsOf(own)).toEqual([
      expect.objectContaining({
        code: 'FOUR_EYES',
        message: 'You changed the KYC of this business since it was submitted, so another reviewer must approve it',
      }),
    ])
    // Another approver is only held by the checklist (documents and checks still to review), not by four-eyes.
    const other = await approve(business.id, approver.token)
    expect(other.status).toBe(409)
    expect((await errorsOf(other)).every((e) => e.code === 'PRECONDITION_FAILED')).toBe(true)

    const declined = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'DECLINED', comment: 'Please upload clearer copies of the documents.' },
    })
    expect(declined.status, await declined.clone().text()).toBe(200)
    expect((await submit(business.id, owner.token)).status).toBe(200)
    // The owner submitted what the staff user changed: that staff user is no longer a maker of this submission.
    const after = await approve(business.id, superAdmin.token)
    expect(after.status).toBe(409)
    expect((await errorsOf(after)).every((e) => e.code === 'PRECONDITION_FAILED')).toBe(true)
  })

  it('does not count a staff user’s draft or someone else’s edit', async () => {
    const { business } = await businessReadyForApproval()
    const officer = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const draft = await api('/draft-forms', {
      method: 'POST',
      token: superAdmin.token,
      json: { businessId: business.id, kycDetailTypeId: 'ADDRESSES', data: { line1: '1 Marina' } },
    })
    expect(draft.status).toBe(201)
    const db = await getDb()
    const [kyc] = await db.select({ id: kycDetails.id }).from(kycDetails).where(eq(kycDetails.businessId, business.id))
    const edit = await api(`/kyc/details/${kyc!.id}`, {
      method: 'PUT',
      token: officer.token,
      json: { natureOfBusiness: 'Food processing' },
    })
    expect(edit.status, await edit.clone().text()).toBe(200)
    expect((await errorsOf(await approve(business.id, officer.token)))[0]?.code).toBe('FOUR_EYES')
    const own = await approve(business.id, superAdmin.token)
    expect(own.status, await own.clone().text()).toBe(200)
  })
})
