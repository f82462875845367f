import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { VerificationItem } from '@/lib/contracts/verification'
import { getDb } from '@/server/db/client'
import { businesses, kycAddresses, kycDetails } from '@/server/db/schema'
import { api, errorsOf, signedInUser } from './helpers'
import { businessReadyForApproval } from './review-fixtures'

type User = Awaited<ReturnType<typeof signedInUser>>
let analyst: User
let approver: User
let officer: User

beforeAll(async () => {
  ;[analyst, approver, officer] = await Promise.all([
    signedInUser({ staffRole: 'KYC_ANALYST' }),
    signedInUser({ staffRole: 'APPROVER' }),
    signedInUser({ staffRole: 'ONBOARDING_OFFICER' }),
  ])
})

const result = (id: string, token: string) =>
  api(`/verified-kyc/${id}`, { method: 'PUT', token, json: { status: 'VERIFIED', comment: 'Matches the CAC register.' } })

describe('the KYC analyst (docs/domain.md#who-does-what)', () => {
  it('records the verification results the approval waits for, which the approver and the officer may not', async () => {
    const { business } = await businessReadyForApproval({ check: 'PENDING' })
    const items = (await (await api(`/verified-kyc/${business.id}`, { token: analyst.token })).json()) as VerificationItem[]
    const pending = items.find((i) => i.status === 'PENDING')!

    for (const other of [approver, officer]) {
      const refused = await result(pending.id, other.token)
      expect(refused.status).toBe(403)
      expect((await errorsOf(refused))[0]!.message).toContain('KYC analysts')
    }
    const recorded = await result(pending.id, analyst.token)
    expect(recorded.status, await recorded.clone().text()).toBe(200)
    expect(await recorded.json()).toMatchObject({ id: pending.id, status: 'VERIFIED', decidedBy: analyst.user.id })

    // The checklist is then met, and another reviewer (the approver) approves.
    const approved = await api(`/businesses/${business.id}/approve`, {
      method: 'PUT',
      token: approver.token,
      json: { decision: 'APPROVED' },
    })
    expect(approved.status, await approved.clone().text()).toBe(200)
  })

  it('verifies an address', async () => {
    const { business } = await businessReadyForApproval()
    const db = await getDb()
    const [address] = await db
      .select({ id: kycAddresses.id })
      .from(kycAddresses)
      .innerJoin(kycDetails, eq(kycDetails.id, kycAddresses.kycDetailsId))
      .where(eq(kycDetails.businessId, business.id))
    const res = await api(`/kyc/addresses/${address!.id}/verification`, {
      method: 'PUT',
      token: analyst.token,
      json: { status: 'VERIFIED', comment: 'Visited' },
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.json()).toMatchObject({ id: address!.id, verificationStatus: 'VERIFIED' })
  })

  it('never decides a business, waives a check or changes the KYC', async () => {
    const { business, check } = await businessReadyForApproval()
    const before = await (await getDb()).select().from(businesses).where(eq(businesses.id, business.id))
    for (const json of [{ decision: 'APPROVED' }, { decision: 'DECLINED', comment: 'Not convinced' }]) {
      const res = await api(`/businesses/${business.id}/approve`, { method: 'PUT', token: analyst.token, json })
      expect(res.status).toBe(403)
    }
    const waiver = await api(`/verified-kyc/${check.id}/waiver`, {
      method: 'PUT',
      token: analyst.token,
      json: { reason: 'Registry offline; certificate seen' },
    })
    expect(waiver.status).toBe(403)
    const [details] = await (await getDb()).select().from(kycDetails).where(eq(kycDetails.businessId, business.id))
    const edit = await api(`/kyc/details/${details!.id}`, {
      method: 'PUT',
      token: analyst.token,
      json: { natureOfBusiness: 'Something else' },
    })
    expect(edit.status).toBe(403)
    expect(await (await getDb()).select().from(businesses).where(eq(businesses.id, business.id))).toEqual(before)
  })
})
