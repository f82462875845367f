import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { api, signedInUser } from './helpers'
import {
  addressBody,
  companyDetailsBody,
  createKyc,
  individualBody,
  meansOfIdBody,
  ownerWithBusiness,
  PDF,
  uploadFile,
} from './kyc-fixtures'

/**
 * Who writes KYC (docs/domain.md#permissions-and-roles, #kyc-edit-check): BUSINESS_MEMBER ("KYC create/update") and
 * ONBOARDING_OFFICER ("KYC and address permissions") capture every step of a business that is not approved yet;
 * once it is approved only the post-approval group (SUPER_ADMIN here) does. A member of another business gets 404.
 */

type User = Awaited<ReturnType<typeof signedInUser>>
type Write = { name: string; call: (token: string) => Response | Promise<Response>; created: number }

/** One write of each capture step on the business's KYC record. */
function writesOn(businessId: string, kycDetailsId: string): Write[] {
  return [
    {
      name: 'PUT /kyc/details/{id}',
      call: (token) => api(`/kyc/details/${kycDetailsId}`, { method: 'PUT', token, json: { numberOfEmployees: 7 } }),
      created: 200,
    },
    {
      name: 'POST /kyc/addresses',
      call: (token) => api('/kyc/addresses', { method: 'POST', token, json: addressBody(kycDetailsId) }),
      created: 201,
    },
    {
      name: 'POST /kyc/means-of-ids',
      call: (token) => api('/kyc/means-of-ids', { method: 'POST', token, json: meansOfIdBody(kycDetailsId) }),
      created: 201,
    },
    {
      name: 'POST /kyc/shareholders',
      call: (token) => api('/kyc/shareholders', { method: 'POST', token, json: individualBody(kycDetailsId, { percentage: 1 }) }),
      created: 201,
    },
    {
      name: 'POST /draft-forms',
      call: (token) =>
        api('/draft-forms', { method: 'POST', token, json: { businessId, kycDetailTypeId: 'ADDRESSES', data: { line1: 'x' } } }),
      created: 201,
    },
  ]
}

async function subject() {
  const { owner, businessId } = await ownerWithBusiness()
  const kyc = await createKyc(owner.token, businessId)
  return { owner, businessId, kycDetailsId: kyc.id }
}

async function setApproved(businessId: string) {
  const db = await getDb()
  await db.update(businesses).set({ approvalStatus: 'APPROVED', kycDetailsCompleted: true }).where(eq(businesses.id, businessId))
}

describe('KYC writes by role', () => {
  const roles: Array<[string, (businessId: string) => Promise<User>]> = [
    [
      'a BUSINESS_MEMBER of the business',
      (businessId) => signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] }),
    ],
    ['an ONBOARDING_OFFICER', () => signedInUser({ staffRole: 'ONBOARDING_OFFICER' })],
  ]

  for (const [who, make] of roles) {
    it(`${who}: every capture step before approval; 403 on each once the business is approved`, async () => {
      const { businessId, kycDetailsId } = await subject()
      const user = await make(businessId)
      for (const write of writesOn(businessId, kycDetailsId)) {
        const res = await write.call(user.token)
        expect(res.status, `${write.name}: ${await res.clone().text()}`).toBe(write.created)
      }
      // Files for the KYC too (the upload slot needs the KYC write right).
      await uploadFile(user.token, businessId, 'MEANS_OF_ID', PDF)

      await setApproved(businessId)
      for (const write of writesOn(businessId, kycDetailsId)) {
        const res = await write.call(user.token)
        expect(res.status, write.name).toBe(403)
      }
      const slot = await api('/files/upload-url', {
        method: 'POST',
        token: user.token,
        json: { fileName: 'a.pdf', contentType: 'application/pdf', size: 10, purpose: 'MEANS_OF_ID', businessId },
      })
      expect(slot.status).toBe(403)
    })
  }

  it('a member may create the company details of a business that has none', async () => {
    const { owner, businessId } = await ownerWithBusiness()
    const member = await signedInUser({ businesses: [{ businessId, role: 'BUSINESS_MEMBER' }] })
    const res = await api('/kyc/details', { method: 'POST', token: member.token, json: companyDetailsBody(businessId) })
    expect(res.status, await res.clone().text()).toBe(201)
    expect((await api(`/kyc/details-first-entity/${businessId}`, { token: owner.token })).status).toBe(200)
  })

  it('after approval, staff holding the post-approval group still change KYC', async () => {
    const { businessId, kycDetailsId } = await subject()
    await setApproved(businessId)
    const admin = await signedInUser({ staffRole: 'SUPER_ADMIN' })
    for (const write of writesOn(businessId, kycDetailsId)) {
      const res = await write.call(admin.token)
      expect(res.status, `${write.name}: ${await res.clone().text()}`).toBe(write.created)
    }
  })

  it('a member of another business gets 404 on every write, before and after approval', async () => {
    const { businessId, kycDetailsId } = await subject()
    const other = await ownerWithBusiness()
    const stranger = await signedInUser({ businesses: [{ businessId: other.businessId, role: 'BUSINESS_MEMBER' }] })
    for (const approved of [false, true]) {
      if (approved) await setApproved(businessId)
      for (const write of writesOn(businessId, kycDetailsId)) {
        const res = await write.call(stranger.token)
        expect(res.status, `${write.name} (approved: ${approved})`).toBe(404)
      }
      const slot = await api('/files/upload-url', {
        method: 'POST',
        token: stranger.token,
        json: { fileName: 'a.pdf', contentType: 'application/pdf', size: 10, purpose: 'KYC_DOCUMENT', businessId },
      })
      expect(slot.status).toBe(404)
    }
  })
})
