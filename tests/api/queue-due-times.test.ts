import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_TARGET_DAYS, type Queue } from '@/lib/contracts/service-level-values'
import { businessCalendar, dueAt, dueCutoffs, dueStatusOf } from '@/lib/format/business-days'
import { getDb } from '@/server/db/client'
import {
  businesses,
  deferrals,
  kycDocumentTypes,
  kycVerifications,
  riskFirstApprovals,
  screeningChecks,
  screeningEntries,
  screeningHits,
  screeningLists,
  screeningListVersions,
  supportInquiries,
} from '@/server/db/schema'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'
import { productOfRisk } from './risk-fixtures'
import { businessWithKyc, insertProductApplication, json } from './staff-review-fixtures'

/**
 * Due times on the lists of the queues (docs/service-levels.md#due-times): each row's dueAt and dueStatus, the `due`
 * filter returning exactly the items of that status, and `sort=dueAt`. Each queue gets items entered long ago
 * (overdue), just after the overdue cutoff, and now, and one that no longer waits; the expected status of each is
 * worked out here from the same calendar (no holiday is added in this file's database).
 */

const DAY = 86_400_000
const STATUSES = ['OVERDUE', 'DUE_SOON', 'ON_TIME'] as const
type DueRow = { id: string; dueAt: string | null; dueStatus: string | null }
type Page<T> = { content: T[]; totalElements: number }

let staff: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  staff = await signedInUser({ staffRole: 'SUPER_ADMIN' })
})

/** The entry times of a queue's items: long overdue, just inside "due soon" (or later), and now. */
function entryTimes(queue: Queue, now = new Date()) {
  const { overdue } = dueCutoffs(now, DEFAULT_TARGET_DAYS[queue], businessCalendar())
  return [new Date(now.getTime() - 30 * DAY), new Date(overdue.getTime() + 60_000), now]
}

function expected(queue: Queue, entered: Date, now = new Date()) {
  const due = dueAt(entered, DEFAULT_TARGET_DAYS[queue], businessCalendar())
  return { dueAt: due.toISOString(), dueStatus: dueStatusOf(due, now, businessCalendar()) }
}

const get = async <T>(path: string) => json<T>(await api(path, { token: staff.token }))

/**
 * Checks one list: every waiting item's due fields, the decided item's nulls (when the list shows it), `due=` for each
 * status (exactly the waiting items of that status), and `sort=dueAt` both ways (waiting items only, in due order).
 */
async function checkList<R extends DueRow>(options: {
  queue: Queue
  /** The list's path with its own query (ending with `?` or `&…`). */
  list: (extra: string) => string
  idOf: (row: R) => string
  waiting: Array<{ id: string; entered: Date }>
  decided?: string
  /** Lists that answer an array instead of a page. */
  array?: boolean
}) {
  const read = async (extra: string) => {
    const answer = await get<Page<R> | R[]>(options.list(extra))
    return Array.isArray(answer) ? answer : answer.content
  }
  const all = await read('')
  for (const item of options.waiting) {
    const row = all.find((r) => options.idOf(r) === item.id)
    expect(row, `item ${item.id} listed`).toBeDefined()
    expect({ dueAt: row!.dueAt, dueStatus: row!.dueStatus }).toEqual(expected(options.queue, item.entered))
  }
  if (options.decided) {
    const row = all.find((r) => options.idOf(r) === options.decided)
    expect(row).toMatchObject({ dueAt: null, dueStatus: null })
  }
  const waitingIds = new Set(options.waiting.map((w) => w.id))
  const seen = new Set<string>()
  for (const status of STATUSES) {
    const want = all.filter((r) => r.dueStatus === status).map(options.idOf)
    const got = (await read(`due=${status}`)).map(options.idOf)
    expect(new Set(got), `due=${status}`).toEqual(new Set(want))
    for (const id of got) seen.add(id)
  }
  // The filters together hold exactly the waiting items: the three ranges cover them and never overlap.
  expect([...seen].filter((id) => waitingIds.has(id)).sort()).toEqual([...waitingIds].sort())
  expect(seen.has(options.decided ?? '')).toBe(false)
  if (options.waiting[0]) expect((await read('due=OVERDUE')).map(options.idOf)).toContain(options.waiting[0].id)

  const ascending = await read('sort=dueAt,asc')
  expect(ascending.every((r) => r.dueAt !== null)).toBe(true)
  const dues = ascending.map((r) => r.dueAt!)
  expect(dues).toEqual([...dues].sort())
  expect(ascending.map(options.idOf).filter((id) => waitingIds.has(id))).toEqual(
    [...options.waiting].sort((a, b) => a.entered.getTime() - b.entered.getTime()).map((w) => w.id),
  )
  const descending = (await read('sort=dueAt,desc')).map((r) => r.dueAt!)
  expect(descending).toEqual([...dues].reverse())
}

const withQuery =
  (path: string, own = '') =>
  (extra: string) =>
    `${path}?pageSize=100${own ? `&${own}` : ''}${extra ? `&${extra}` : ''}`

describe('due times on the queue lists', () => {
  it('support inquiries: OPEN ones carry their due time; due and sort=dueAt keep to them', async () => {
    const db = await getDb()
    const insert = async (createdAt: Date, status: 'OPEN' | 'CLOSED' = 'OPEN') => {
      const [row] = await db
        .insert(supportInquiries)
        .values({
          reference: `SUP-${randomUUID().slice(0, 13)}`,
          name: 'Ngozi Eze',
          email: 'ngozi@example.ng',
          subject: 'Help',
          message: 'A question about my application',
          status,
          createdAt,
        })
        .returning()
      return row!.id
    }
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('SUPPORT_INQUIRIES')) waiting.push({ id: await insert(entered), entered })
    const decided = await insert(new Date(Date.now() - 40 * DAY), 'CLOSED')
    await checkList<DueRow & { id: string }>({
      queue: 'SUPPORT_INQUIRIES',
      list: withQuery('/support/inquiries'),
      idOf: (r) => r.id,
      waiting,
      decided,
    })
  })

  it('deferrals: PENDING ones carry the review due time (not the document deadline), on both staff lists', async () => {
    const db = await getDb()
    const [type] = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(1)
    const insert = async (createdAt: Date, status: 'PENDING' | 'REJECTED' = 'PENDING') => {
      const business = await createTestBusiness()
      const [row] = await db
        .insert(deferrals)
        .values({
          businessId: business.id,
          documentTypeId: type!.id,
          days: 10,
          reason: 'Awaiting the registry',
          status,
          createdAt,
        })
        .returning()
      return row!.id
    }
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('DEFERRALS')) waiting.push({ id: await insert(entered), entered })
    const decided = await insert(new Date(Date.now() - 40 * DAY), 'REJECTED')
    const idOf = (r: { id: string }) => r.id
    await checkList({ queue: 'DEFERRALS', list: withQuery('/deferrals'), idOf, waiting, decided })
    await checkList({ queue: 'DEFERRALS', list: withQuery('/deferrals/reviews'), idOf, waiting })
  })

  it('product applications: IN_REVIEW ones are due from their submission', async () => {
    const product = await productOfRisk('LOW')
    const insert = (submittedAt: Date, status: 'IN_REVIEW' | 'APPROVED' = 'IN_REVIEW') =>
      insertProductApplication({
        productId: product.id,
        status,
        submittedAt,
        createdAt: new Date(submittedAt.getTime() - 5 * DAY),
      })
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('PRODUCT_APPLICATIONS')) waiting.push({ id: await insert(entered), entered })
    const decided = await insert(new Date(Date.now() - 40 * DAY), 'APPROVED')
    const idOf = (r: { id: string }) => r.id
    // The queue (IN_REVIEW by default), and every status: the approved one has no due time.
    await checkList({ queue: 'PRODUCT_APPLICATIONS', list: withQuery('/onboarding-products/approvals'), idOf, waiting })
    await checkList({
      queue: 'PRODUCT_APPLICATIONS',
      list: withQuery('/onboarding-products/approvals', 'status=IN_REVIEW&status=APPROVED'),
      idOf,
      waiting,
      decided,
    })
  })

  it('verification items: a business’s PENDING, unwaived items carry their due time', async () => {
    const db = await getDb()
    const setup = await businessWithKyc()
    const insert = async (createdAt: Date, extra: Partial<typeof kycVerifications.$inferInsert> = {}) => {
      const [row] = await db
        .insert(kycVerifications)
        .values({
          businessId: setup.business.id,
          kycDetailsId: setup.kycDetailsId,
          kind: 'BVN',
          subjectId: randomUUID(),
          label: 'Ada Obi: BVN',
          checkedValue: '22212345678',
          createdAt,
          ...extra,
        })
        .returning()
      return row!.id
    }
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('VERIFICATION_ITEMS')) waiting.push({ id: await insert(entered), entered })
    const waived = await insert(new Date(Date.now() - 40 * DAY), {
      waivedAt: new Date(),
      waivedBy: staff.user.id,
      waiverReason: 'Registry down all week',
    })
    await checkList({
      queue: 'VERIFICATION_ITEMS',
      list: (extra) => `/verified-kyc/${setup.business.id}${extra ? `?${extra}` : ''}`,
      idOf: (r: { id: string }) => r.id,
      waiting,
      decided: waived,
    })
  })

  it('screening hits: OPEN candidates are due a business day after they were found', async () => {
    const db = await getDb()
    const [list] = await db.select().from(screeningLists).limit(1)
    const [version] = await db
      .insert(screeningListVersions)
      .values({
        listId: list!.id,
        number: 900 + Math.floor(Math.random() * 10_000),
        status: 'ACTIVE',
        source: 'test',
        checksum: 'x',
        recordCount: 1,
        added: 1,
        changed: 0,
        removed: 0,
      })
      .returning()
    const insert = async (createdAt: Date, status: 'OPEN' | 'FALSE_MATCH' = 'OPEN') => {
      const business = await createTestBusiness()
      const name = `Xq${randomUUID().slice(0, 8)} Zv`
      const [entry] = await db
        .insert(screeningEntries)
        .values({
          listId: list!.id,
          sourceId: `T-${randomUUID()}`,
          subjectKind: 'PERSON',
          primaryName: name,
          names: [{ name, kind: 'PRIMARY', quality: 'STRONG' }],
          datesOfBirth: [],
          nationalities: [],
          countries: [],
          programmes: [],
          contentHash: randomUUID(),
          addedIn: version!.id,
        })
        .returning()
      const [check] = await db
        .insert(screeningChecks)
        .values({
          businessId: business.id,
          subjectKind: 'PERSON',
          subjectRef: `means_of_ids:${business.id}:director`,
          subjectName: 'Ada Obi',
          roles: ['DIRECTOR'],
          fingerprint: `fp-${business.id}`,
          screenedWith: { dateOfBirth: false, nationality: null },
          status: 'OPEN',
          listVersions: {},
          threshold: 0.85,
          screenedAt: createdAt,
        })
        .returning()
      const [hit] = await db
        .insert(screeningHits)
        .values({
          checkId: check!.id,
          businessId: business.id,
          entryId: entry!.id,
          score: 0.9,
          matchedName: name,
          factors: [],
          status,
          createdAt,
        })
        .returning()
      return hit!.id
    }
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('SCREENING_HITS')) waiting.push({ id: await insert(entered), entered })
    const decided = await insert(new Date(Date.now() - 40 * DAY), 'FALSE_MATCH')
    const idOf = (r: { id: string }) => r.id
    await checkList({ queue: 'SCREENING_HITS', list: withQuery('/screening/hits'), idOf, waiting })
    // Adjudicated candidates have none, and a due filter never lists them.
    await checkList({
      queue: 'SCREENING_HITS',
      list: withQuery('/screening/hits', 'status=FALSE_MATCH'),
      idOf,
      waiting: [],
      decided,
    })
  })

  it('senior approvals: the review queue with seniorApproval=true lists HIGH businesses past their first approval, due from it', async () => {
    const db = await getDb()
    const insert = async (approvedAt: Date) => {
      const business = await createTestBusiness({
        approvalStatus: 'PENDING',
        kycDetailsCompleted: true,
        riskTier: 'HIGH',
        createdAt: new Date(Date.now() - 60 * DAY),
      })
      await db.insert(riskFirstApprovals).values({ businessId: business.id, approverName: 'First Approver', approvedAt })
      return business.id
    }
    const waiting: Array<{ id: string; entered: Date }> = []
    for (const entered of entryTimes('SENIOR_APPROVALS')) waiting.push({ id: await insert(entered), entered })
    // In the review queue, but with no first approval: not in the senior approvals queue.
    const reviewOnly = await createTestBusiness({ approvalStatus: 'PENDING', kycDetailsCompleted: true, riskTier: 'HIGH' })
    const idOf = (r: { id: string }) => r.id
    const senior = (extra: string) =>
      `/businesses/for-approval?pageSize=100&seniorApproval=true${extra && !extra.startsWith('sort=') ? `&${extra}` : ''}`
    // No sort=dueAt on the review queue (its entry time is a subquery): the default order is checked instead.
    const all = await get<Page<DueRow & { id: string }>>(senior(''))
    expect(all.content.map(idOf).sort()).toEqual(waiting.map((w) => w.id).sort())
    for (const item of waiting) {
      const row = all.content.find((r) => r.id === item.id)!
      expect({ dueAt: row.dueAt, dueStatus: row.dueStatus }).toEqual(expected('SENIOR_APPROVALS', item.entered))
    }
    for (const status of STATUSES) {
      const want = all.content.filter((r) => r.dueStatus === status).map(idOf)
      const got = (await get<Page<{ id: string }>>(senior(`due=${status}`))).content.map(idOf)
      expect(new Set(got), `due=${status}`).toEqual(new Set(want))
    }
    // Without the filter the same business is in the review queue with the review's due time (its creation counts).
    const review = await get<Page<DueRow & { id: string; createdAt: string }>>('/businesses/for-approval?pageSize=100')
    const row = review.content.find((r) => r.id === waiting[0]!.id)!
    expect(row.dueAt).toBe(expected('BUSINESS_REVIEW', new Date(row.createdAt)).dueAt)
    expect(review.content.map(idOf)).toContain(reviewOnly.id)
    // A decided business leaves the queue.
    await db.update(businesses).set({ approvalStatus: 'DECLINED' }).where(eq(businesses.id, waiting[0]!.id))
    expect((await get<Page<{ id: string }>>(senior(''))).content.map(idOf)).not.toContain(waiting[0]!.id)
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const setup = await businessWithKyc()
    const bad = async (path: string, field: string) => {
      const res = await api(path, { token: staff.token })
      expect(res.status, path).toBe(400)
      expect((await errorsOf(res)).map((e: { field?: string }) => e.field)).toContain(field)
    }
    await bad('/support/inquiries?due=LATE', 'due')
    await bad('/support/inquiries?sort=due', 'sort')
    await bad('/deferrals?due=late', 'due')
    await bad('/deferrals/reviews?sort=dueAt,up', 'sort')
    await bad('/onboarding-products/approvals?due=SOON', 'due')
    await bad(`/verified-kyc/${setup.business.id}?due=x`, 'due')
    await bad(`/verified-kyc/${setup.business.id}?sort=createdAt`, 'sort')
    await bad('/screening/hits?due=NOW', 'due')
    await bad('/screening/hits?sort=score', 'sort')
    await bad('/businesses/for-approval?seniorApproval=yes', 'seniorApproval')
  })
})
