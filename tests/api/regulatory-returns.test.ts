import { eq } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RegulatoryReturns } from '@/lib/contracts/regulatory-returns'
import { SYSTEM_AUDIT_CONTEXT, appendAudit } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import {
  businesses,
  deferrals,
  kycDetails,
  kycDocumentTypes,
  riskAssessments,
  riskOverrides,
  screeningChecks,
  screeningHits,
} from '@/server/db/schema'
import { addListedEntry } from '@/server/modules/screening/lists/activate-version'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { completeEdd } from './risk-fixtures'

/**
 * A data set whose answers are known, in January 2001 (nothing else in the suite's database is dated then):
 * five businesses approved around the period, their tiers, PEPs, candidates, recertification dates and deferrals.
 */
const at = (day: string) => new Date(`${day}T12:00:00.000Z`)

async function approvedBusiness(approvedAt: string, recertificationDate: string | null) {
  const business = await createTestBusiness({ approvalStatus: 'APPROVED', kycDetailsCompleted: true })
  const db = await getDb()
  await db
    .update(businesses)
    .set({ approvedAt: at(approvedAt), recertificationDate })
    .where(eq(businesses.id, business.id))
  return business
}

async function assess(businessId: string, tier: 'LOW' | 'MEDIUM' | 'HIGH') {
  const db = await getDb()
  await db.insert(riskAssessments).values({ businessId, modelVersion: 1, score: 0, tier, factors: [], reason: 'KYC_SUBMITTED' })
}

async function check(businessId: string, pep: boolean, ref = 'director') {
  const db = await getDb()
  const [row] = await db
    .insert(screeningChecks)
    .values({
      businessId,
      subjectKind: 'PERSON',
      subjectRef: `means_of_ids:${businessId}:${ref}`,
      subjectName: 'Ada Obi',
      roles: ['DIRECTOR'],
      fingerprint: `fp-${businessId}`,
      screenedWith: { dateOfBirth: true, nationality: 'NG' },
      pepDeclaration: pep ? { status: 'PEP', position: 'Commissioner', country: 'NG' } : null,
      status: 'CLEAR',
      listVersions: {},
      threshold: 0.85,
      screenedAt: at('2001-01-02'),
    })
    .returning()
  return row!
}

let staff: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  const db = await getDb()
  staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
  const low = await approvedBusiness('2001-01-10', '2001-01-20')
  await assess(low.id, 'LOW')
  const high = await approvedBusiness('2001-01-15', '2001-03-01')
  await assess(high.id, 'HIGH')
  await check(high.id, true)
  await db.transaction((tx) =>
    appendAudit(tx, SYSTEM_AUDIT_CONTEXT, { resource: 'business', resourceId: high.id, action: 'FIRST_APPROVAL' }),
  )
  const overridden = await approvedBusiness('2001-01-20', '2000-12-15')
  await assess(overridden.id, 'MEDIUM')
  await db
    .insert(riskOverrides)
    .values({ businessId: overridden.id, tier: 'HIGH', reason: 'Cash-intensive', computedTier: 'MEDIUM' })
  await check(overridden.id, true)
  // Its enhanced due diligence complete (the senior approval is the other PEP's): the two figures are counted apart.
  await db.insert(kycDetails).values({ businessId: overridden.id, tin: '12345678-0001' })
  await completeEdd(overridden.id)
  const before = await approvedBusiness('2000-12-31', null)
  await assess(before.id, 'LOW')
  await approvedBusiness('2001-01-25', null)

  // Candidates: four raised in January, one in February (one check each: a check holds an entry once).
  const { entryId } = await db.transaction((tx) =>
    addListedEntry(tx, {
      listCode: 'NG_DOMESTIC',
      entry: {
        sourceId: 'RETURNS-1',
        subjectKind: 'PERSON',
        names: [{ name: 'Ada Obi', kind: 'PRIMARY', quality: 'STRONG' }],
        datesOfBirth: [],
        nationalities: [],
        countries: [],
        programmes: [],
        listedOn: null,
        remarks: null,
      },
      enteredBy: staff.user.id,
      activatedBy: staff.user.id,
      audit: SYSTEM_AUDIT_CONTEXT,
    }),
  )
  const hit = async (status: 'OPEN' | 'FALSE_MATCH' | 'TRUE_MATCH', created: string, reportReference: string | null = null) => ({
    checkId: (await check(low.id, false, created)).id,
    businessId: low.id,
    entryId,
    score: 0.9,
    matchedName: 'Ada Obi',
    factors: [],
    status,
    reportReference,
    decidedAt: status === 'OPEN' ? null : at(created),
    createdAt: at(created),
  })
  await db
    .insert(screeningHits)
    .values(
      await Promise.all([
        hit('OPEN', '2001-01-05'),
        hit('FALSE_MATCH', '2001-01-06'),
        hit('TRUE_MATCH', '2001-01-07', 'NFIU-2001-7'),
        hit('TRUE_MATCH', '2001-01-08'),
        hit('OPEN', '2001-02-02'),
      ]),
    )

  // Deferrals granted in January: one past its due date at the end of the period, one not; one fulfilled.
  const types = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(3)
  const deferral = (status: 'APPROVED' | 'FULFILLED', due: string, n: number) => ({
    businessId: low.id,
    documentTypeId: types[n]!.id,
    days: 20,
    reason: 'Awaiting the registry',
    status,
    dueDate: at(due),
    createdAt: at('2001-01-05'),
  })
  await db
    .insert(deferrals)
    .values([
      deferral('APPROVED', '2001-01-25', 0),
      deferral('APPROVED', '2001-03-01', 1),
      deferral('FULFILLED', '2001-01-25', 2),
    ])
})

describe('regulatory returns', () => {
  it('counts January 2001 as the data set says', async () => {
    const res = await api('/reports/regulatory-returns?from=2001-01-01&to=2001-01-31', { token: staff.token })
    expect(res.status, await res.clone().text()).toBe(200)
    const returns = (await res.json()) as RegulatoryReturns
    expect(Object.fromEntries(returns.onboardedByTier.map((t) => [t.tier, t.businesses]))).toEqual({
      LOW: 1,
      MEDIUM: 0,
      HIGH: 2,
      PROHIBITED: 0,
      NONE: 1,
    })
    expect(returns.peps).toEqual({
      onboarded: 2,
      seniorApproved: 1,
      withoutSeniorApproval: 1,
      eddComplete: 1,
      eddIncomplete: 1,
    })
    expect(returns.screeningHits).toEqual({ raised: 4, open: 1, falseMatches: 1, trueMatches: 2 })
    expect(returns.trueMatchesReported).toEqual({ reported: 1, notReported: 1 })
    expect(returns.periodicReviews).toMatchObject({ due: 1, overdue: 2 })
    expect(returns.deferralsOutstanding).toEqual({ outstanding: 2, overdue: 1 })
  })

  it('counts a recertification done in the period, through the call staff make', async () => {
    const business = await approvedBusiness('2001-01-03', '2001-01-04')
    const moved = await api('/businesses/set-recertification-date', {
      method: 'PUT',
      token: staff.token,
      json: { businessId: business.id, date: '2030-01-01' },
    })
    expect(moved.status, await moved.clone().text()).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const res = await api(`/reports/regulatory-returns?from=${today}&to=${today}`, { token: staff.token })
    expect(((await res.json()) as RegulatoryReturns).periodicReviews.done).toBeGreaterThanOrEqual(1)
  })

  it('downloads the same figures as a workbook, one sheet per section', async () => {
    const res = await api('/reports/regulatory-returns/download?from=2001-01-01&to=2001-01-31&format=xlsx', {
      token: staff.token,
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toContain('regulatory-returns-2001-01-01-to-2001-01-31.xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never)
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Onboarding by risk tier',
      'PEPs onboarded',
      'Screening hits',
      'Periodic reviews',
      'Deferrals',
    ])
    expect(workbook.getWorksheet('PEPs onboarded')!.getRow(5).values).toEqual([
      undefined,
      'With their enhanced due diligence complete',
      1,
    ])
    const hits = workbook.getWorksheet('Screening hits')!
    expect(hits.getRow(2).values).toEqual([undefined, 'Raised', 4])
    expect(hits.getRow(6).values).toEqual([undefined, 'True matches reported to the NFIU', 1])
  })

  it('names the field of a bad period and refuses business users', async () => {
    const reversed = await api('/reports/regulatory-returns?from=2001-02-01&to=2001-01-01', { token: staff.token })
    expect(reversed.status).toBe(400)
    expect((await errorsOf(reversed))[0]).toMatchObject({ field: 'from' })
    const missing = await api('/reports/regulatory-returns?from=2001-02-01', { token: staff.token })
    expect((await errorsOf(missing))[0]).toMatchObject({ field: 'to' })
    const owner = await signedInUser({ businesses: [] })
    expect((await api('/reports/regulatory-returns?from=2001-01-01&to=2001-01-31', { token: owner.token })).status).toBe(403)
  })
})
