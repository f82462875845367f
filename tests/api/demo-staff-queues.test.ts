import { and, eq, inArray, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CacReviewRow } from '@/lib/contracts/cac-review'
import type { StaffDeferral } from '@/lib/contracts/deferral-review'
import type { Page } from '@/lib/contracts/pagination'
import { getDb } from '@/server/db/client'
import { audits, businesses, kycVerifications, riskFirstApprovals, staffAvailability, users } from '@/server/db/schema'
import { seed } from '@/server/seed'
import { demoBusinessRegNos } from '@/server/seed/demo-businesses'
import { PEP_DIRECTOR_BUSINESS, SCREENING_HIT_BUSINESS } from '@/server/seed/demo-kyc'
import { DEMO_REGISTRY_CHECK, DEMO_UNDECLARED_DIRECTOR } from '@/server/seed/demo-registry'
import { DEMO_AWAY_REVIEWER } from '@/server/seed/demo-service-levels'
import { DEMO_READY_TO_APPROVE } from '@/server/seed/demo-staff-queues'
import { startFromDemo } from './demo-template'
import { api, signedInUser } from './helpers'
import { json } from './staff-review-fixtures'

// The seeded demo, made once per run (tests/api/demo-template.ts).
await startFromDemo({ shippedLists: true })

describe('demo staff queues', () => {
  it('give every staff queue work (CAC documents, deferrals, verification items) and run only once', async () => {
    const db = await getDb()
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
    expect(new Set(items.map((i) => i.kind))).toEqual(new Set(['COMPANY', 'MEANS_OF_ID', 'BVN', 'REGISTRY_DIFFERENCE']))
    // docs/ownership.md#registry-check: one business has a registry extract, one difference open.
    const differences = await db
      .select({ label: kycVerifications.label, status: kycVerifications.status, regNo: businesses.regNo })
      .from(kycVerifications)
      .innerJoin(businesses, eq(businesses.id, kycVerifications.businessId))
      .where(and(eq(kycVerifications.kind, 'REGISTRY_DIFFERENCE'), isNull(kycVerifications.supersededAt)))
    expect(differences).toEqual([
      {
        label: `The registry lists director ${DEMO_UNDECLARED_DIRECTOR}, who is not declared`,
        status: 'PENDING',
        regNo: demoBusinessRegNos()[DEMO_REGISTRY_CHECK],
      },
    ])
    expect(items.filter((i) => i.kind === 'COMPANY')).toHaveLength(submitted.length)
    // Under review: waiting for a person, but for the one business ready to approve and the high-risk one waiting for
    // its senior approval (docs/risk.md#approval). Approved: verified before.
    const [waiting] = await db.select({ businessId: riskFirstApprovals.businessId }).from(riskFirstApprovals)
    const waitingRegNo = demo.find((b) => b.id === waiting?.businessId)?.regNo
    const checked = [demoBusinessRegNos()[DEMO_READY_TO_APPROVE], waitingRegNo]
    expect(
      items.filter((i) => i.approvalStatus === 'PENDING' && !checked.includes(i.regNo)).every((i) => i.status === 'PENDING'),
    ).toBe(true)
    expect(items.filter((i) => checked.includes(i.regNo)).every((i) => i.status === 'VERIFIED')).toBe(true)
    expect(items.some((i) => i.approvalStatus === 'PENDING')).toBe(true)
    expect(items.filter((i) => i.approvalStatus === 'APPROVED').every((i) => i.status === 'VERIFIED')).toBe(true)

    const before = { audits: await db.$count(audits), items: await db.$count(kycVerifications) }
    await seed(db, { demo: true, demoPassword: 'Demo-Passw0rd!' })
    expect({ audits: await db.$count(audits), items: await db.$count(kycVerifications) }).toEqual(before)
  })
})

describe('demo screening', () => {
  it('screens every submitted demo business: a near-variant of a UN-listed person waits for the approver, a declared PEP is marked', async () => {
    const db = await getDb()
    const regNos = demoBusinessRegNos()
    const demo = await db.select().from(businesses).where(inArray(businesses.regNo, regNos))
    const submitted = demo.filter((b) => b.kycDetailsCompleted || b.approvalStatus === 'APPROVED')
    expect(submitted.every((b) => b.screeningStatus !== 'NOT_SCREENED')).toBe(true)
    const byIndex = (i: number) => demo.find((b) => b.regNo === regNos[i])!
    expect(byIndex(PEP_DIRECTOR_BUSINESS).screeningStatus).toBe('PEP')
    expect(byIndex(DEMO_READY_TO_APPROVE).screeningStatus).toBe('CLEAR')

    const approver = await signedInUser({ staffRole: 'APPROVER' })
    const hit = byIndex(SCREENING_HIT_BUSINESS)
    expect(hit.screeningStatus).toBe('HITS_OPEN')
    const screening = await json<{ checks: { subjectName: string; hits: { status: string; entry: { sourceId: string } }[] }[] }>(
      await api(`/businesses/${hit.id}/screening`, { token: approver.token }),
    )
    const open = screening.checks.flatMap((c) =>
      c.hits.filter((h) => h.status === 'OPEN').map((h) => [c.subjectName, h.entry.sourceId]),
    )
    expect(open).toContainEqual(['Abubakar Muhammad Shekau', 'QDi.322'])
  })
})

describe('demo service levels', () => {
  it('shows overdue and due-soon businesses, escalations and an away reviewer', async () => {
    const db = await getDb()
    const supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    const queue = await json<Page<{ regNo: string; dueStatus: string }>>(
      await api('/businesses/for-approval?pageSize=100', { token: supervisor.token }),
    )
    const demo = queue.content.filter((b) => demoBusinessRegNos().includes(b.regNo))
    expect(demo.some((b) => b.dueStatus === 'OVERDUE')).toBe(true)
    expect(demo.some((b) => b.dueStatus === 'DUE_SOON')).toBe(true)
    const escalations = await json<Page<{ queue: string; open: boolean }>>(
      await api('/escalations?open=true', { token: supervisor.token }),
    )
    expect(escalations.totalElements).toBeGreaterThan(0)
    const [away] = await db
      .select({ awayUntil: staffAvailability.awayUntil })
      .from(staffAvailability)
      .innerJoin(users, eq(users.id, staffAvailability.userId))
      .where(eq(users.email, DEMO_AWAY_REVIEWER))
    expect(away?.awayUntil && away.awayUntil > new Date().toISOString().slice(0, 10)).toBe(true)
  })
})
