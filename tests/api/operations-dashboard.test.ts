import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { OperationsDashboard } from '@/lib/contracts/operations'
import { SYSTEM_AUDIT_CONTEXT, appendAudit } from '@/server/audit/append-audit'
import { loadActor } from '@/server/auth/load-actor'
import { getDb, type Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { businesses, businessReviewEvents, deferrals, draftForms, kycDocumentTypes, queueBreaches } from '@/server/db/schema'
import { decideBusiness } from '@/server/modules/reviews/decide-business'
import { runEscalations } from '@/server/modules/service-levels/run-escalations'
import { markDecisionBreached, reviewWaitOf } from '@/server/records/review-wait'
import { api, createTestBusiness, errorsOf, signedInUser } from './helpers'

/**
 * A history whose answers are known, in March 2003 (Lagos days; nothing else in this file's database is dated then):
 * five business decisions around the period, one escalated, two declines with the same reason, a deferral rejected
 * after six hours, and the applicants registered in the period at each stage of the KYC. The open backlog is now:
 * two waiting businesses, two and forty days old.
 */
const at = (iso: string) => new Date(iso)
const HOUR = 3_600_000
const PERIOD = 'from=2003-03-01&to=2003-03-31'

let supervisor: Awaited<ReturnType<typeof signedInUser>>
let reviewerOne: Awaited<ReturnType<typeof signedInUser>>
let reviewerTwo: Awaited<ReturnType<typeof signedInUser>>

async function decide(businessId: string, decision: 'APPROVED' | 'DECLINED', when: string, actorId: string, reason?: string) {
  const db = await getDb()
  await db.insert(businessReviewEvents).values({
    businessId,
    kind: 'DECISION',
    decision,
    reason: reason ?? null,
    actorId,
    actorName: 'Test User',
    createdAt: at(when),
    // The wait the decision ended, as the decision service stores it.
    ...reviewWaitOf(businessId, at(when)),
  })
}

afterEach(() => {
  vi.useRealTimers()
})

beforeAll(async () => {
  const db = await getDb()
  supervisor = await signedInUser({ staffPermissions: ['CAN_SUPERVISE_QUEUES'] })
  reviewerOne = await signedInUser({ staffPermissions: ['CAN_APPROVE_BUSINESS'] })
  reviewerTwo = await signedInUser({ staffPermissions: ['CAN_APPROVE_BUSINESS'] })

  // B1: registered in February, KYC completed on 3 March 09:00 UTC (its audit), approved a day later: 24 h.
  const b1 = await createTestBusiness({
    createdAt: at('2003-02-25T10:00:00Z'),
    approvalStatus: 'APPROVED',
    kycDetailsCompleted: true,
    kycCompletedAt: at('2003-03-03T09:00:00Z'), // as complete-kyc.ts stores it with its audit
  })
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(at('2003-03-03T09:00:00Z'))
  await db.transaction((tx) =>
    appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      resourceId: b1.id,
      action: 'KYC_COMPLETED',
      before: { kycDetailsCompleted: false },
      after: { kycDetailsCompleted: true },
    }),
  )
  vi.useRealTimers()
  await decide(b1.id, 'APPROVED', '2003-03-04T09:00:00Z', reviewerOne.user.id)
  // B2 and B3: no completion on record, so they entered at registration; declined after 48 h and 240 h.
  const b2 = await createTestBusiness({ createdAt: at('2003-03-05T08:00:00Z'), approvalStatus: 'DECLINED' })
  await decide(b2.id, 'DECLINED', '2003-03-07T08:00:00Z', reviewerOne.user.id, 'Blurred means of ID')
  const b3 = await createTestBusiness({ createdAt: at('2003-03-10T08:00:00Z'), approvalStatus: 'DECLINED' })
  // B3 was escalated while it waited, then declined.
  await db.insert(queueBreaches).values({
    queue: 'BUSINESS_REVIEW',
    itemId: b3.id,
    businessId: b3.id,
    enteredAt: at('2003-03-10T08:00:00Z'),
    dueAt: at('2003-03-13T23:00:00Z'),
    breachedAt: at('2003-03-14T00:00:00Z'),
  })
  await decide(b3.id, 'DECLINED', '2003-03-20T08:00:00Z', reviewerTwo.user.id, ' Blurred means of ID ')
  // B4: after the period. B5: entered before it (19 days before its decision, 456 h), decided at 09:00 Lagos on 1 March.
  const b4 = await createTestBusiness({
    createdAt: at('2003-04-02T08:00:00Z'),
    approvalStatus: 'APPROVED',
    kycDetailsCompleted: true,
  })
  await decide(b4.id, 'APPROVED', '2003-04-03T08:00:00Z', reviewerOne.user.id)
  const b5 = await createTestBusiness({
    createdAt: at('2003-02-10T08:00:00Z'),
    approvalStatus: 'APPROVED',
    kycDetailsCompleted: true,
  })
  await decide(b5.id, 'APPROVED', '2003-03-01T08:00:00Z', reviewerTwo.user.id)
  // An escalation of B5 after its decision is not a breach of that decision.
  await db.insert(queueBreaches).values({
    queue: 'BUSINESS_REVIEW',
    itemId: b5.id,
    businessId: b5.id,
    enteredAt: at('2003-03-02T08:00:00Z'),
    dueAt: at('2003-03-05T23:00:00Z'),
    breachedAt: at('2003-03-06T00:00:00Z'),
  })

  // Registered in the period and still filling in the KYC: one saved its addresses last, one saved nothing.
  const b8 = await createTestBusiness({ createdAt: at('2003-03-15T08:00:00Z') })
  await db.insert(draftForms).values([
    { businessId: b8.id, kycDetailTypeId: 'COMPANY_DETAILS', data: {}, updatedAt: at('2003-03-15T09:00:00Z') },
    { businessId: b8.id, kycDetailTypeId: 'ADDRESSES', data: {}, updatedAt: at('2003-03-16T09:00:00Z') },
  ])
  await createTestBusiness({ createdAt: at('2003-03-16T08:00:00Z') })

  // Waiting now: two days (with reviewer one) and forty days (nobody).
  await createTestBusiness({
    createdAt: new Date(Date.now() - 50 * HOUR),
    kycDetailsCompleted: true,
    assigneeId: reviewerOne.user.id,
  })
  await createTestBusiness({ createdAt: new Date(Date.now() - 40 * 24 * HOUR), kycDetailsCompleted: true })

  // A deferral requested at 10:00 and rejected at 16:00 on 2 March.
  const [docType] = await db.select({ id: kycDocumentTypes.id }).from(kycDocumentTypes).limit(1)
  await db.insert(deferrals).values({
    businessId: b1.id,
    documentTypeId: docType!.id,
    days: 10,
    reason: 'Awaiting the CAC',
    status: 'REJECTED',
    decidedBy: reviewerTwo.user.id,
    decidedAt: at('2003-03-02T16:00:00Z'),
    decisionComment: 'Not a deferrable document',
    createdAt: at('2003-03-02T10:00:00Z'),
  })
})

async function dashboard(query: string, token = supervisor.token) {
  const res = await api(`/operations/dashboard?${query}`, { token })
  expect(res.status).toBe(200)
  return (await res.json()) as OperationsDashboard
}

describe('GET /operations/dashboard', () => {
  it('counts the business review of a known month exactly', async () => {
    const d = await dashboard(PERIOD)
    expect(d.queue).toBe('BUSINESS_REVIEW')
    // In: B1's completion, B2 and B3 at registration. Out: B5 (1 March, Lagos), B1, B2, B3.
    expect(d.totals).toEqual({ in: 3, out: 4 })
    expect(d.byMonth).toEqual([{ month: '2003-03', in: 3, out: 4 }])
    // 24, 48, 240 and 456 hours: the median halfway between 48 and 240, the 90th percentile 0.7 of the way from 240 to 456.
    expect(d.timeToDecision).toEqual({ decided: 4, medianHours: 144, p90Hours: 391.2 })
    expect(d.breaches).toEqual({ decided: 4, breached: 1, rate: 0.25 })
    expect(d.declineReasons).toEqual([{ reason: 'Blurred means of ID', count: 2 }])
    expect(d.backlog.total).toBe(2)
    expect(Object.fromEntries(d.backlog.buckets.map((b) => [b.bucket, b.count]))).toEqual({
      UNDER_1: 0,
      DAYS_1_3: 1,
      DAYS_3_7: 0,
      DAYS_7_14: 0,
      DAYS_14_30: 0,
      OVER_30: 1,
    })
    const byUser = Object.fromEntries(d.reviewers.map((r) => [r.userId, { open: r.open, decided: r.decided }]))
    expect(byUser).toEqual({
      [reviewerOne.user.id]: { open: 1, decided: 2 },
      [reviewerTwo.user.id]: { open: 0, decided: 2 },
    })
    expect(d.reviewers[0]!.name).toBe('Test User')
    expect(Object.fromEntries(d.kycStops.map((s) => [s.step, s.count]))).toEqual({
      NOT_STARTED: 1,
      COMPANY_DETAILS: 0,
      ADDRESSES: 1,
      MEANS_OF_ID: 0,
      SHAREHOLDERS: 0,
      DOCUMENTS: 0,
      SUBMITTED: 2,
    })
  })

  it('reads the period as whole Lagos days and lists every month of it', async () => {
    // 28 February in Lagos ends at 23:00 UTC: B5's decision at 08:00 UTC on 1 March is not in it.
    const feb = await dashboard('from=2003-02-01&to=2003-02-28')
    expect(feb.totals.out).toBe(0)
    const spring = await dashboard('from=2003-02-15&to=2003-04-30')
    expect(spring.byMonth.map((m) => [m.month, m.in, m.out])).toEqual([
      ['2003-02', 0, 0],
      ['2003-03', 3, 4],
      ['2003-04', 1, 1],
    ])
    expect(spring.timeToDecision.decided).toBe(5)
  })

  it('reads another queue from its own rows', async () => {
    const d = await dashboard(`${PERIOD}&queue=DEFERRALS`)
    expect(d.totals).toEqual({ in: 1, out: 1 })
    expect(d.timeToDecision).toEqual({ decided: 1, medianHours: 6, p90Hours: 6 })
    expect(d.breaches).toEqual({ decided: 1, breached: 0, rate: 0 })
    expect(d.declineReasons).toEqual([{ reason: 'Not a deferrable document', count: 1 }])
    expect(d.reviewers).toEqual([{ userId: reviewerTwo.user.id, name: 'Test User', open: 0, decided: 1 }])
  })

  it('answers nulls, not zeros, for the times of a period with no decision', async () => {
    const d = await dashboard('from=2001-06-01&to=2001-06-30&queue=SCREENING_HITS')
    expect(d.totals).toEqual({ in: 0, out: 0 })
    expect(d.timeToDecision).toEqual({ decided: 0, medianHours: null, p90Hours: null })
    expect(d.breaches.rate).toBeNull()
    expect(d.declineReasons).toEqual([])
  })

  it('refuses a bad period or queue with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['from=2003-03-31&to=2003-03-01', 'from'],
      ['from=2003-03-01&to=2003-13-01', 'to'],
      ['to=2003-03-01', 'from'],
      [`${PERIOD}&queue=CAC_DOCUMENTS`, 'queue'],
      ['from=1990-01-01&to=2003-01-01', 'to'],
    ] as const) {
      const res = await api(`/operations/dashboard?${query}`, { token: supervisor.token })
      expect(res.status, query).toBe(400)
      expect((await errorsOf(res)).map((e) => e.field)).toContain(field)
    }
  })

  it('is for supervisors only', async () => {
    expect((await api(`/operations/dashboard?${PERIOD}`)).status).toBe(401)
    const reader = await signedInUser({ staffPermissions: ['CAN_READ_BUSINESS', 'CAN_APPROVE_BUSINESS'] })
    expect((await api(`/operations/dashboard?${PERIOD}`, { token: reader.token })).status).toBe(403)
    expect((await api(`/operations/dashboard.csv?${PERIOD}`, { token: reader.token })).status).toBe(403)
    const owner = await signedInUser({ businesses: [{ role: 'BUSINESS_OWNER' }] })
    expect((await api(`/operations/dashboard?${PERIOD}`, { token: owner.token })).status).toBe(403)
    const manager = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    expect((await api(`/operations/dashboard?${PERIOD}`, { token: manager.token })).status).toBe(200)
  })
})

describe('GET /operations/dashboard.csv', () => {
  it('streams the same figures, one line each', async () => {
    const res = await api(`/operations/dashboard.csv?${PERIOD}`, { token: supervisor.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/csv')
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="operations-business_review-2003-03-01-to-2003-03-31.csv"',
    )
    const text = (await res.text()).replace(/^\uFEFF/, '')
    const lines = text.trim().split('\n')
    expect(lines[0]).toBe('"section","label","value"')
    expect(lines).toContain('"totals","in","3"')
    expect(lines).toContain('"totals","out","4"')
    expect(lines).toContain('"time to decision","median hours","144"')
    expect(lines).toContain('"time to decision","90th percentile hours","391.2"')
    expect(lines).toContain('"service level","breach rate","0.25"')
    expect(lines).toContain('"open backlog by age","30 days or more","1"')
    expect(lines).toContain('"decline reasons","Blurred means of ID","2"')
  })
})

/**
 * May 2004, written by the product's own writers (the decision service, the escalation run), so the wait each decision
 * stores (docs/operations-dashboard.md#what-is-stored) is the one its writers record:
 *
 * - R: KYC completed 3 May 09:00 UTC, declined 5 May 09:00 (48 h, not escalated); resubmitted 10 May 09:00 (a re-entry
 *   after a request for changes), escalated by the run of 20 May 09:00, declined again 21 May 09:00 (264 h from the
 *   resubmission, not from the first completion; breached).
 * - S: registered complete 5 May 08:00 with no completion on record (it entered at registration), declined 13 May 08:00
 *   (192 h); an escalation run that had read it as open recorded its breach at 07:30, after the decision committed.
 */
describe('the wait each business review decision stores', () => {
  const MAY = 'from=2004-05-01&to=2004-05-31'
  let first: Awaited<ReturnType<typeof signedInUser>>
  let second: Awaited<ReturnType<typeof signedInUser>>
  let r: { id: string }
  let s: { id: string }

  async function actorOf(user: Awaited<ReturnType<typeof signedInUser>>) {
    const actor = await loadActor(await getDb(), {
      userId: user.user.id,
      sessionId: user.session.id,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    })
    return actor!
  }
  async function decline(businessId: string, user: typeof first, when: string, comment: string) {
    await decideBusiness({
      db: await getDb(),
      actor: await actorOf(user),
      id: businessId,
      input: { decision: 'DECLINED', comment },
      audit: SYSTEM_AUDIT_CONTEXT,
      now: at(when),
    })
  }
  /** What marking the KYC complete writes (server/modules/kyc-documents/complete-kyc.ts), at a given time. */
  async function complete(businessId: string, when: string, resubmitted: boolean) {
    const db = await getDb()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at(when))
    await db.transaction(async (tx) => {
      await tx
        .update(businesses)
        .set({ kycDetailsCompleted: true, approvalStatus: 'PENDING', kycCompletedAt: at(when) })
        .where(eq(businesses.id, businessId))
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: businessId,
        action: resubmitted ? 'KYC_RESUBMITTED' : 'KYC_COMPLETED',
        before: { kycDetailsCompleted: false },
        after: { kycDetailsCompleted: true },
      })
    })
    vi.useRealTimers()
  }

  beforeAll(async () => {
    const db = await getDb()
    first = await signedInUser({ staffPermissions: ['CAN_APPROVE_BUSINESS'] })
    second = await signedInUser({ staffPermissions: ['CAN_APPROVE_BUSINESS'] })
    r = await createTestBusiness({ createdAt: at('2004-04-20T08:00:00Z') })
    await complete(r.id, '2004-05-03T09:00:00Z', false)
    await decline(r.id, first, '2004-05-05T09:00:00Z', 'Old utility bill')
    await complete(r.id, '2004-05-10T09:00:00Z', true)

    s = await createTestBusiness({ createdAt: at('2004-05-05T08:00:00Z'), kycDetailsCompleted: true })
    await decline(s.id, second, '2004-05-13T08:00:00Z', ' Expired means of ID ')
    // The run read S as open, the decision committed, then the run recorded the breach at its own time (07:30).
    const raced = at('2004-05-13T07:30:00Z')
    await db.transaction(async (tx) => {
      await tx.insert(queueBreaches).values({
        queue: 'BUSINESS_REVIEW',
        itemId: s.id,
        businessId: s.id,
        enteredAt: at('2004-05-05T08:00:00Z'),
        dueAt: at('2004-05-10T23:00:00Z'),
        breachedAt: raced,
      })
      await tx.execute(markDecisionBreached(s.id, raced))
    })

    const escalated = await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT, now: at('2004-05-20T09:00:00Z') })
    expect(escalated.map((e) => e.itemId)).toEqual([r.id])
    await decline(r.id, second, '2004-05-21T09:00:00Z', 'Old utility bill')
  })

  it('stores the entry and the escalation with each decision', async () => {
    const db = await getDb()
    const stored = await db
      .select({
        businessId: businessReviewEvents.businessId,
        enteredAt: businessReviewEvents.enteredAt,
        breached: businessReviewEvents.breached,
      })
      .from(businessReviewEvents)
      .where(and(inArray(businessReviewEvents.businessId, [r.id, s.id]), eq(businessReviewEvents.kind, 'DECISION')))
      .orderBy(businessReviewEvents.createdAt)
    expect(stored).toEqual([
      { businessId: r.id, enteredAt: at('2004-05-03T09:00:00Z'), breached: false },
      { businessId: s.id, enteredAt: at('2004-05-05T08:00:00Z'), breached: true },
      { businessId: r.id, enteredAt: at('2004-05-10T09:00:00Z'), breached: true },
    ])
  })

  it('gives the figures docs/operations-dashboard.md defines', async () => {
    const d = await dashboard(MAY)
    // In: R's completion and resubmission, S at registration. Out: the three decisions.
    expect(d.totals).toEqual({ in: 3, out: 3 })
    // 48, 192 and 264 hours: the 90th percentile 0.8 of the way from 192 to 264.
    expect(d.timeToDecision).toEqual({ decided: 3, medianHours: 192, p90Hours: 249.6 })
    expect(d.breaches).toEqual({ decided: 3, breached: 2, rate: 0.667 })
    expect(d.declineReasons).toEqual([
      { reason: 'Old utility bill', count: 2 },
      { reason: 'Expired means of ID', count: 1 },
    ])
    const byUser = Object.fromEntries(d.reviewers.map((x) => [x.userId, { open: x.open, decided: x.decided }]))
    // (Reviewers with items open now are listed too: the first describe's.)
    expect(byUser[first.user.id]).toEqual({ open: 0, decided: 1 })
    expect(byUser[second.user.id]).toEqual({ open: 0, decided: 2 })
    // Before R's resubmission: only its first decision, not yet breached.
    const early = await dashboard('from=2004-05-01&to=2004-05-09')
    expect(early.breaches).toEqual({ decided: 1, breached: 0, rate: 0 })
  })

  /** A migration's UPDATE statements (its comments dropped), to run over a copy of what it fills in. */
  const updatesOf = (migration: string) =>
    readFileSync(join(process.cwd(), `server/db/migrations/${migration}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((x) => x.replace(/^\s*--.*$/gm, '').trim())
      .filter((x) => x.startsWith('UPDATE'))

  it('is what migration 0046 fills in for the completions made before it', async () => {
    // The migration's own UPDATE, run over a copy of every business of this database with the completion left out.
    const statements = updatesOf('0046_operations_dashboard_stored')
    expect(statements).toHaveLength(1)
    const db = await getDb()
    const read = async (tx: Executor, table: string) =>
      rowsOf<{ id: string; kyc_completed_at: string | Date | null }>(
        await tx.execute(sql.raw(`SELECT id, kyc_completed_at FROM ${table} ORDER BY id`)),
      ).map((x) => ({ ...x, kyc_completed_at: x.kyc_completed_at === null ? null : new Date(x.kyc_completed_at).toISOString() }))
    const stored = await read(db, 'businesses')
    expect(stored.filter((x) => x.kyc_completed_at).length).toBeGreaterThanOrEqual(2)
    expect(stored.filter((x) => !x.kyc_completed_at).length).toBeGreaterThanOrEqual(2)
    const computed = await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE businesses_before_0046 ON COMMIT DROP AS
        SELECT id, NULL::timestamptz AS kyc_completed_at FROM businesses`)
      await tx.execute(sql.raw(statements[0]!.replace('UPDATE "businesses"', 'UPDATE "businesses_before_0046"')))
      return read(tx, 'businesses_before_0046')
    })
    expect(computed).toEqual(stored)
  })

  it('is what migration 0045 fills in for the decisions made before it', async () => {
    // The migration's own UPDATE statements, run over a copy of every decision of this database with the wait left
    // out: they compute what the writers stored.
    const statements = updatesOf('0045_review_decision_wait')
    expect(statements).toHaveLength(2)
    const db = await getDb()
    const read = async (tx: Executor, table: string) =>
      rowsOf<{ id: string; entered_at: string | Date | null; breached: boolean | null }>(
        await tx.execute(sql.raw(`SELECT id, entered_at, breached FROM ${table} WHERE kind = 'DECISION' ORDER BY id`)),
      ).map((x) => ({ ...x, entered_at: x.entered_at === null ? null : new Date(x.entered_at).toISOString() }))
    const stored = await read(db, 'business_review_events')
    expect(stored.length).toBeGreaterThanOrEqual(8)
    expect(stored.filter((x) => x.breached).length).toBeGreaterThanOrEqual(3)
    // One transaction: the temporary table lives on its connection and goes with the commit.
    const computed = await db.transaction(async (tx) => {
      await tx.execute(sql`CREATE TEMP TABLE decisions_before_0045 ON COMMIT DROP AS
        SELECT id, business_id, kind, created_at, NULL::timestamptz AS entered_at, NULL::boolean AS breached
        FROM business_review_events`)
      for (const statement of statements)
        await tx.execute(sql.raw(statement.replace('UPDATE "business_review_events"', 'UPDATE "decisions_before_0045"')))
      return read(tx, 'decisions_before_0045')
    })
    expect(computed).toEqual(stored)
  })
})
