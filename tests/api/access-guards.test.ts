import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { POST_APPROVAL_GROUP } from '@/lib/permissions/checks'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { loadActor } from '@/server/auth/load-actor'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { decideBusiness } from '@/server/modules/reviews/decide-business'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { companyDetailsBody, createKyc, ownerWithBusiness } from './kyc-fixtures'
import { businessReadyForApproval } from './review-fixtures'

/**
 * Refusals `npm run mutation` found no test for: each is asserted as the API client sees it (status, code and,
 * where two refusals share a code, the message that tells them apart), next to a caller the same rule lets in.
 */

async function refused(res: Response, status: number, code: string, message?: string, permissions?: string[]) {
  expect(res.status, await res.clone().text()).toBe(status)
  const [error] = (await errorsOf(res)) as { code: string; message: string; permissions?: string[] }[]
  expect(error!.code).toBe(code)
  if (message) expect(error!.message).toBe(message)
  // The words are for people; the permission codes stay in the machine field.
  if (permissions) expect(error!.permissions).toEqual(permissions)
}

describe('staff-only calls', () => {
  it('tell a business user they are for staff, and staff what they cannot do and who can', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    const decide = (token: string) =>
      api(`/businesses/${businessId}/approve`, { method: 'PUT', token, json: { decision: 'DECLINED', comment: 'No' } })

    await refused(await decide(owner.token), 403, 'FORBIDDEN', 'Only staff can do this')
    await refused(
      await decide(auditor.token),
      403,
      'FORBIDDEN',
      'You cannot approve or decline businesses: super admins, approvers and senior managers can.',
      ['CAN_APPROVE_BUSINESS'],
    )
    await refused(await api('/businesses/for-approval', { token: owner.token }), 403, 'FORBIDDEN', 'Only staff can do this')
  })

  it('and the business-users-only call tells staff it is not theirs', async () => {
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api('/existing-profile?type=business', {
      method: 'POST',
      token: approver.token,
      json: { identifier: 'RC0000001' },
    })
    await refused(res, 403, 'FORBIDDEN', 'Staff cannot do this; it is for business users')
  })

  it('let in staff holding any one of the permissions a call accepts, and name them all to staff holding none', async () => {
    const readerOnly = await signedInUser({ staffRole: 'GOVERNMENT_OFFICER' })
    const neither = await signedInUser({ staffPermissions: [P.CAN_AUDIT_SYSTEM] })
    expect((await api('/businesses/for-approval', { token: readerOnly.token })).status).toBe(200)
    await refused(
      await api('/businesses/for-approval', { token: neither.token }),
      403,
      'FORBIDDEN',
      'You cannot approve or decline businesses or see businesses and their KYC: super admins, onboarding officers, approvers, senior managers, KYC analysts, auditors, government officers and data protection officers can.',
      ['CAN_APPROVE_BUSINESS', 'CAN_READ_BUSINESS'],
    )
  })
})

describe('the KYC edit check', () => {
  it('refuses staff without the onboarding or post-approval group a KYC write on a business not yet approved', async () => {
    const { businessId } = await ownerWithBusiness()
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    const res = await api('/draft-forms', {
      method: 'POST',
      token: auditor.token,
      json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { line1: 'x' } },
    })
    await refused(res, 403, 'FORBIDDEN', 'You need the KYC onboarding permissions of this business to change its KYC')
  })

  it('answers 404 to staff naming a business that does not exist, before and inside the write', async () => {
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const missing = randomUUID()
    await refused(
      await api('/kyc/details', { method: 'POST', token: admin.token, json: companyDetailsBody(missing) }),
      404,
      'NOT_FOUND',
      'Business not found',
    )
    const draft = await api('/draft-forms', {
      method: 'POST',
      token: admin.token,
      json: { businessId: missing, kycDetailTypeId: 'ADDRESSES', data: { line1: 'x' } },
    })
    await refused(draft, 404, 'NOT_FOUND', 'Business not found')
  })

  it('refuses a member the write their role lacks (deleting the KYC record) after the edit check passes, and keeps the record', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const kyc = await createKyc(owner.token, businessId)
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    await refused(
      await api(`/kyc/${kyc.id}`, { method: 'DELETE', token: member.token }),
      403,
      'FORBIDDEN',
      "You cannot delete KYC details: the business's owners can.",
      ['CAN_DELETE_KYC_DETAIL'],
    )
    expect((await api(`/kyc/details/${kyc.id}`, { token: owner.token })).status).toBe(200)
  })

  it('lets staff holding only the post-approval group capture the KYC of a business not yet approved', async () => {
    const { businessId } = await ownerWithBusiness()
    const postApprovalStaff = await signedInUser({ staffPermissions: [...POST_APPROVAL_GROUP] })
    const res = await api('/draft-forms', {
      method: 'POST',
      token: postApprovalStaff.token,
      json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { line1: '3 Broad Street' } },
    })
    expect(res.status, await res.clone().text()).toBe(201)
  })
})

describe('four-eyes on a business decision', () => {
  it('refuses only a member of this business: an approver belonging to another business decides it', async () => {
    const { business } = await businessReadyForApproval()
    const approverElsewhere = await signedInUser({ staffRole: 'APPROVER', businesses: [{}] })
    const res = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approverElsewhere.token,
      json: { decision: 'DECLINED', comment: 'Proof of address is unreadable' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ approvalStatus: 'DECLINED' })
  })
})

describe('the preconditions of an approval', () => {
  it('are not asked of a decline: a pending business that is not ready can be declined', async () => {
    const notReady = await createTestBusiness({ kycDetailsCompleted: true })
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api(`/businesses/${notReady.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'DECLINED', comment: 'No documents were uploaded' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ approvalStatus: 'DECLINED' })
  })

  it('nor is a completed KYC: a pending business whose KYC is still open can be declined', async () => {
    const open = await createTestBusiness({ kycDetailsCompleted: false })
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api(`/businesses/${open.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'DECLINED', comment: 'Start again with the right company' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ approvalStatus: 'DECLINED' })
  })

  it('are judged only on a PENDING business: approving a declined one is refused for its state, not its gaps', async () => {
    const declined = await createTestBusiness({ approvalStatus: 'DECLINED', kycDetailsCompleted: false })
    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const res = await api(`/businesses/${declined.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(res.status).toBe(409)
    const errors = await errorsOf(res)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ code: 'INVALID_STATE' })
  })
})

describe('business users', () => {
  it('answer 404 for a membership that does not exist, to its would-be owner and to staff', async () => {
    const { owner } = await ownerWithBusiness()
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    const missing = randomUUID()
    await refused(
      await api(`/businesses/user/${missing}`, { method: 'PUT', token: owner.token, json: { isActive: false } }),
      404,
      'NOT_FOUND',
    )
    await refused(await api(`/businesses/user/${missing}`, { method: 'DELETE', token: staff.token }), 404, 'NOT_FOUND')
    await refused(await api(`/business-users/${missing}/details`, { token: staff.token }), 404, 'NOT_FOUND')
  })

  it('let the last active owner confirm their own role and activity: only losing ownership is refused', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const list = (await (await api(`/businesses/${businessId}/users`, { token: owner.token })).json()) as {
      content: { id: string; role: string }[]
    }
    const own = list.content.find((u) => u.role === 'BUSINESS_OWNER')!
    for (const json of [{ role: 'BUSINESS_OWNER' }, { isActive: true }]) {
      const res = await api(`/businesses/user/${own.id}`, { method: 'PUT', token: owner.token, json })
      expect(res.status, `${JSON.stringify(json)}: ${await res.clone().text()}`).toBe(200)
      expect(await res.json()).toMatchObject({ role: 'BUSINESS_OWNER', isActive: true })
    }
    await refused(
      await api(`/businesses/user/${own.id}`, { method: 'PUT', token: owner.token, json: { isActive: false } }),
      409,
      'CONFLICT',
    )
  })
})

describe('the business decision refuses on its own, not only behind its route guard', () => {
  it('refuses staff without CAN_APPROVE_BUSINESS called directly (a future caller cannot skip the rule), leaving the business as it was', async () => {
    const { business } = await businessReadyForApproval()
    const officer = await signedInUser({ staffRole: 'ONBOARDING_OFFICER' })
    const db = await getDb()
    const actor = await loadActor(db, {
      userId: officer.user.id,
      sessionId: officer.session.id,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    })
    const before = await db.select().from(businesses).where(eq(businesses.id, business.id))
    const attempt = decideBusiness({
      db,
      actor: actor!,
      id: business.id,
      input: { decision: 'APPROVED' },
      audit: { actorId: officer.user.id, actorEmail: officer.user.email, requestId: 'guard-test', ip: null },
    })
    await expect(attempt).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await db.select().from(businesses).where(eq(businesses.id, business.id))).toEqual(before)
  })
})
