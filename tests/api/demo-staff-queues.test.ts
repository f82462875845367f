import { and, eq, inArray, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CacReviewRow } from '@/lib/contracts/cac-review'
import type { StaffDeferral } from '@/lib/contracts/deferral-review'
import type { Page } from '@/lib/contracts/pagination'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycVerifications } from '@/server/db/schema'
import { seed } from '@/server/seed'
import { demoBusinessRegNos } from '@/server/seed/demo-businesses'
import { DEMO_READY_TO_APPROVE } from '@/server/seed/demo-staff-queues'
import { api, signedInUser } from './helpers'
import { json } from './staff-review-fixtures'

describe('demo staff queues', () => {
  it('give every staff queue work (CAC documents, deferrals, verification items) and run only once', async () => {
    const db = await getDb()
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    const staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })

    const cac = await json<Page<CacReviewRow>>(await api('/kyc/cac-documents-for-reviews?status=PENDING', { token: staff.token }))
    expect(cac.totalElements).toBeGreaterThan(0)
    const deferralQueue = await json<Page<StaffDeferral>>(await api('/deferrals/reviews', { token: staff.token }))
    expect(deferralQueue.totalElements).toBeGreaterThan(0)

    const demo = await db.select().from(businesses).where(inArray(businesses.regNo, demoBusinessRegNos()))
    const items = await db
      .select({
        status: kycVerifications.status,
        kind: kycVerifications.kind,
        approvalStatus: businesses.approvalStatus,
        regNo: businesses.regNo,
      })
      .from(kycVerifications)
      .innerJoin(businesses, eq(businesses.id, kycVerifications.businessId))
      .where(and(inArray(businesses.regNo, demoBusinessRegNos()), isNull(kycVerifications.supersededAt)))
    const submitted = demo.filter((b) => b.kycDetailsCompleted || b.approvalStatus === 'APPROVED')
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['COMPANY', 'MEANS_OF_ID', 'BVN']))
    expect(items.filter((i) => i.kind === 'COMPANY')).toHaveLength(submitted.length)
    // Under review: waiting for a person, but for the one business ready to approve. Approved: verified before.
    const ready = demoBusinessRegNos()[DEMO_READY_TO_APPROVE]
    expect(items.filter((i) => i.approvalStatus === 'PENDING' && i.regNo !== ready).every((i) => i.status === 'PENDING')).toBe(
      true,
    )
    expect(items.filter((i) => i.regNo === ready).every((i) => i.status === 'VERIFIED')).toBe(true)
    expect(items.some((i) => i.approvalStatus === 'PENDING')).toBe(true)
    expect(items.filter((i) => i.approvalStatus === 'APPROVED').every((i) => i.status === 'VERIFIED')).toBe(true)

    const before = { audits: await db.$count(audits), items: await db.$count(kycVerifications) }
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    expect({ audits: await db.$count(audits), items: await db.$count(kycVerifications) }).toEqual(before)
  })
})
