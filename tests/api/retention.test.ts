import { subDays, subYears } from 'date-fns'
import { eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { RetentionReport } from '@/lib/contracts/retention'
import { getDb } from '@/server/db/client'
import { audits, businesses, businessReviewEvents, draftForms, files } from '@/server/db/schema'
import { verifyAuditChain } from '@/server/modules/audits/verify-audit-chain'
import { reviewWaitOf } from '@/server/records/review-wait'
import { api, errorsOf, signedInUser } from './helpers'
import { blobExists, blobNameOf, ownerWithBusiness, type TestUser, uploadFile } from './kyc-fixtures'

const now = new Date()
const daysAgo = (days: number) => subDays(now, days)

/** A business of a fresh owner, with one uploaded ID scan, last touched `touchedAt`. */
async function businessWithFile(state: { approvalStatus?: 'PENDING' | 'APPROVED' | 'DECLINED'; touchedAt: Date }) {
  const { owner, businessId } = await ownerWithBusiness()
  const fileId = await uploadFile(owner.token, businessId, 'MEANS_OF_ID')
  const blobName = await blobNameOf(fileId)
  const db = await getDb()
  await db.update(files).set({ createdAt: state.touchedAt }).where(eq(files.id, fileId))
  await db
    .update(businesses)
    .set({ approvalStatus: state.approvalStatus ?? 'PENDING', updatedAt: state.touchedAt, createdAt: state.touchedAt })
    .where(eq(businesses.id, businessId))
  return { owner, businessId, fileId, blobName }
}

async function event(businessId: string, kind: 'DECISION' | 'ARCHIVE', at: Date) {
  const db = await getDb()
  await db.insert(businessReviewEvents).values({
    businessId,
    kind,
    decision: kind === 'DECISION' ? 'DECLINED' : null,
    reason: 'test',
    actorName: 'Test Staff',
    createdAt: at,
    // A decision stores the wait it ended, as the decision service writes it.
    ...(kind === 'DECISION' ? reviewWaitOf(businessId, at) : {}),
  })
}

async function draft(businessId: string, updatedAt: Date) {
  const db = await getDb()
  const [row] = await db
    .insert(draftForms)
    .values({ businessId, kycDetailTypeId: 'COMPANY_DETAILS', data: { tin: '1234' }, updatedAt, createdAt: updatedAt })
    .returning()
  return row!.id
}

const run = (token: string, dryRun: boolean) => api('/data-protection/retention', { method: 'POST', token, json: { dryRun } })

let officer: TestUser
let inactive: Awaited<ReturnType<typeof businessWithFile>>
let recentPending: Awaited<ReturnType<typeof businessWithFile>>
let declinedLongAgo: Awaited<ReturnType<typeof businessWithFile>>
let declinedRecently: Awaited<ReturnType<typeof businessWithFile>>
let endedLongAgo: Awaited<ReturnType<typeof businessWithFile>>
let endedRecently: Awaited<ReturnType<typeof businessWithFile>>
let approvedOld: Awaited<ReturnType<typeof businessWithFile>>
let staleDraftId: string
let freshDraftId: string
let pendingWithFreshDraft: Awaited<ReturnType<typeof businessWithFile>>

beforeAll(async () => {
  officer = await signedInUser({ staffRole: 'DATA_PROTECTION_OFFICER' })
  inactive = await businessWithFile({ touchedAt: daysAgo(91) })
  recentPending = await businessWithFile({ touchedAt: daysAgo(10) })
  // Old business row, but a draft saved yesterday: still active.
  pendingWithFreshDraft = await businessWithFile({ touchedAt: daysAgo(200) })
  await draft(pendingWithFreshDraft.businessId, daysAgo(1))

  declinedLongAgo = await businessWithFile({ approvalStatus: 'DECLINED', touchedAt: daysAgo(400) })
  await event(declinedLongAgo.businessId, 'DECISION', daysAgo(370))
  declinedRecently = await businessWithFile({ approvalStatus: 'DECLINED', touchedAt: daysAgo(400) })
  await event(declinedRecently.businessId, 'DECISION', daysAgo(30))

  endedLongAgo = await businessWithFile({ approvalStatus: 'APPROVED', touchedAt: subYears(now, 7) })
  endedRecently = await businessWithFile({ approvalStatus: 'APPROVED', touchedAt: subYears(now, 7) })
  const db = await getDb()
  await db
    .update(businesses)
    .set({ archiveStatus: 'ARCHIVED' })
    .where(inArray(businesses.id, [endedLongAgo.businessId, endedRecently.businessId]))
  await event(endedLongAgo.businessId, 'ARCHIVE', subYears(daysAgo(1), 5))
  await event(endedRecently.businessId, 'ARCHIVE', subYears(now, 2))

  // A live customer is never purged, however old, but its forgotten step draft is.
  approvedOld = await businessWithFile({ approvalStatus: 'APPROVED', touchedAt: subYears(now, 10) })
  staleDraftId = await draft(approvedOld.businessId, daysAgo(120))
  const [fresh] = await db
    .insert(draftForms)
    .values({ businessId: approvedOld.businessId, kycDetailTypeId: 'ADDRESSES', data: {} })
    .returning()
  freshDraftId = fresh!.id
})

const expectedPurge = () => [
  { id: inactive.businessId, rule: 'INACTIVE_APPLICATION' },
  { id: declinedLongAgo.businessId, rule: 'DECLINED' },
  { id: endedLongAgo.businessId, rule: 'ENDED_RELATIONSHIP' },
]
const kept = () => [recentPending, pendingWithFreshDraft, declinedRecently, endedRecently, approvedOld]

async function businessIdsLeft(ids: string[]) {
  const db = await getDb()
  return (await db.select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, ids))).map((b) => b.id).sort()
}

describe('POST /data-protection/retention', () => {
  it('refuses staff without CAN_HANDLE_DATA_REQUESTS and a body without dryRun', async () => {
    const auditor = await signedInUser({ staffRole: 'AUDITOR' })
    expect((await run(auditor.token, true)).status).toBe(403)
    expect((await run(inactive.owner.token, true)).status).toBe(403)
    const res = await api('/data-protection/retention', { method: 'POST', token: officer.token, json: {} })
    expect(res.status).toBe(400)
    expect((await errorsOf(res))[0]).toMatchObject({ field: 'dryRun' })
  })

  it('dry run: lists what is past its period, by rule, with its files, and changes nothing', async () => {
    const db = await getDb()
    const auditsBefore = await db.$count(audits)
    const res = await run(officer.token, true)
    expect(res.status, await res.clone().text()).toBe(200)
    const report = (await res.json()) as RetentionReport
    expect(report.dryRun).toBe(true)
    expect(report.businesses.map(({ id, rule }) => ({ id, rule })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      expectedPurge().sort((a, b) => a.id.localeCompare(b.id)),
    )
    expect(report.businesses.every((b) => b.files === 1)).toBe(true)
    expect(report.files).toBe(3)
    expect(report.bytes).toBeGreaterThan(0)
    expect(report.draftForms).toBe(1)
    expect(report.blobsDeleted).toBe(0)

    const all = [...expectedPurge().map((b) => b.id), ...kept().map((b) => b.businessId)]
    expect(await businessIdsLeft(all)).toEqual([...all].sort())
    for (const b of [inactive, declinedLongAgo, endedLongAgo]) expect(await blobExists(b.blobName)).toBe(true)
    expect(await db.$count(draftForms, eq(draftForms.id, staleDraftId))).toBe(1)
    expect(await db.$count(audits)).toBe(auditsBefore)
  })

  it('run: removes the expired businesses with their rows and blobs, and the stale draft, audited; keeps the rest', async () => {
    const res = await run(officer.token, false)
    expect(res.status, await res.clone().text()).toBe(200)
    const report = (await res.json()) as RetentionReport
    expect(report.dryRun).toBe(false)
    expect(report.businesses.map((b) => b.id).sort()).toEqual(
      expectedPurge()
        .map((b) => b.id)
        .sort(),
    )
    expect(report.blobsDeleted).toBe(3)
    expect(report.blobsLeftBehind).toEqual([])
    expect(report.draftForms).toBe(1)

    const db = await getDb()
    expect(await businessIdsLeft(expectedPurge().map((b) => b.id))).toEqual([])
    expect(await businessIdsLeft(kept().map((b) => b.businessId))).toEqual(
      kept()
        .map((b) => b.businessId)
        .sort(),
    )
    for (const b of [inactive, declinedLongAgo, endedLongAgo]) {
      expect(await db.$count(files, eq(files.id, b.fileId))).toBe(0)
      expect(await blobExists(b.blobName)).toBe(false)
    }
    for (const b of kept()) expect(await blobExists(b.blobName)).toBe(true)
    expect(await db.$count(draftForms, eq(draftForms.id, staleDraftId))).toBe(0)
    expect(await db.$count(draftForms, eq(draftForms.id, freshDraftId))).toBe(1)

    const purges = await db.select().from(audits).where(eq(audits.action, 'RETENTION_PURGE'))
    expect(
      purges
        .filter((a) => a.resource === 'business')
        .map((a) => a.resourceId)
        .sort(),
    ).toEqual(
      expectedPurge()
        .map((b) => b.id)
        .sort(),
    )
    expect(purges.filter((a) => a.resource === 'draft_form').map((a) => a.resourceId)).toEqual([staleDraftId])
    expect(purges.every((a) => a.actorId === officer.user.id)).toBe(true)
    const [summary] = await db.select().from(audits).where(eq(audits.resource, 'retention'))
    expect(summary).toMatchObject({ action: 'RUN', after: expect.objectContaining({ businesses: 3, draftForms: 1 }) })
    expect(await verifyAuditChain({ db })).toMatchObject({ ok: true, firstBrokenId: null })
  })

  it('a second run finds nothing left to remove', async () => {
    const report = (await (await run(officer.token, true)).json()) as RetentionReport
    expect(report.businesses).toEqual([])
    expect(report.draftForms).toBe(0)
  })
})
