import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import { getDb } from '@/server/db/client'
import { authorizations, businesses, queueBreaches } from '@/server/db/schema'
import { runNotificationDigests } from '@/server/modules/notifications/send-digests'
import { onQueueEvent, type QueueEvent } from '@/server/modules/service-levels/queue-events'
import { runEscalations } from '@/server/modules/service-levels/run-escalations'
import { supervisors } from '@/server/modules/service-levels/staff-pool'
import { api, createTestBusiness, mailsTo, signedInUser } from './helpers'
import { auditRows, json, post } from './staff-review-fixtures'

const DAY = 86_400_000
const events: QueueEvent[] = []
const unsubscribe = onQueueEvent((_tx, event) => {
  events.push(event)
})
afterAll(() => unsubscribe())

let supervisor: Awaited<ReturnType<typeof signedInUser>>
let reviewer: Awaited<ReturnType<typeof signedInUser>>
let colleague: Awaited<ReturnType<typeof signedInUser>>

beforeAll(async () => {
  supervisor = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
  reviewer = await signedInUser({ staffRole: 'APPROVER' })
  colleague = await signedInUser({ staffRole: 'APPROVER' })
})

type EscalationRow = {
  itemId: string
  queue: string
  open: boolean
  assigneeId: string | null
  dueAt: string
  businessName: string
}

describe('escalation', () => {
  it('escalates an item past due once and only once, over repeated and concurrent runs', async () => {
    const overdue = await createTestBusiness({
      approvalStatus: 'PENDING',
      kycDetailsCompleted: true,
      createdAt: new Date(Date.now() - 40 * DAY),
      assigneeId: reviewer.user.id,
    })
    const fresh = await createTestBusiness({ approvalStatus: 'PENDING', kycDetailsCompleted: true, createdAt: new Date() })
    const db = await getDb()

    // Two instances' worth: two runs at once, then a third later.
    const [a, b] = await Promise.all([
      runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT }),
      runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT }),
    ])
    const third = await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT })
    const mine = [...a, ...b, ...third].filter((e) => e.itemId === overdue.id)
    expect(mine).toHaveLength(1)
    expect([...a, ...b, ...third].some((e) => e.itemId === fresh.id)).toBe(false)

    const rows = await db
      .select()
      .from(queueBreaches)
      .where(and(eq(queueBreaches.queue, 'BUSINESS_REVIEW'), eq(queueBreaches.itemId, overdue.id)))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ businessId: overdue.id, assigneeId: reviewer.user.id })
    expect(rows[0]!.breachedAt.getTime()).toBeGreaterThan(rows[0]!.dueAt.getTime())
    expect(await auditRows(`BUSINESS_REVIEW:${overdue.id}`, 'ESCALATED')).toHaveLength(1)

    const told = events.filter((e) => e.kind === 'ESCALATED' && e.itemId === overdue.id)
    expect(told).toHaveLength(1)
    expect(told[0]!.userIds).toContain(reviewer.user.id)
    expect(told[0]!.userIds).toContain(supervisor.user.id)
    expect(told[0]!.userIds.sort()).toEqual([...new Set([reviewer.user.id, ...(await supervisors(db))])].sort())

    // The assignee hears of it in the portal, once however often the job ran (docs/notifications.md#kinds).
    const bell = await json<{ items: { kind: string; title: string; target: { type: string; id: string } }[] }>(
      await api('/notifications?pageSize=50', { token: reviewer.token }),
    )
    const escalations = bell.items.filter((n) => n.kind === 'ESCALATION' && n.target.id === overdue.id)
    expect(escalations).toHaveLength(1)
    expect(escalations[0]).toMatchObject({ title: `Past its service level: Business review: ${overdue.name}` })
    expect(escalations[0]!.target.type).toBe('business-review')
  })

  it('shows escalations to supervisors only; a supervisor reassigns an escalated item, audited with the reason', async () => {
    const overdue = await createTestBusiness({
      approvalStatus: 'PENDING',
      kycDetailsCompleted: true,
      createdAt: new Date(Date.now() - 40 * DAY),
      assigneeId: reviewer.user.id,
    })
    await runEscalations({ db: await getDb(), audit: SYSTEM_AUDIT_CONTEXT })
    expect((await api('/escalations', { token: reviewer.token })).status).toBe(403)
    const page = await json<{ content: EscalationRow[] }>(
      await api('/escalations?open=true&queue=BUSINESS_REVIEW&pageSize=100', { token: supervisor.token }),
    )
    const row = page.content.find((r) => r.itemId === overdue.id)!
    expect(row).toMatchObject({ queue: 'BUSINESS_REVIEW', open: true, assigneeId: reviewer.user.id, businessName: overdue.name })

    await json(
      await post('/queues/BUSINESS_REVIEW/assignments', supervisor.token, {
        itemIds: [overdue.id],
        userId: colleague.user.id,
        reason: 'Escalated: the reviewer is on leave',
      }),
    )
    const [audit] = await auditRows(`BUSINESS_REVIEW:${overdue.id}`, 'REASSIGNED')
    expect(audit).toMatchObject({
      before: { assigneeId: reviewer.user.id },
      after: expect.objectContaining({ assigneeId: colleague.user.id, reason: 'Escalated: the reviewer is on leave' }),
    })
    const after = await json<{ content: EscalationRow[] }>(
      await api('/escalations?queue=BUSINESS_REVIEW&pageSize=100', { token: supervisor.token }),
    )
    expect(after.content.find((r) => r.itemId === overdue.id)?.assigneeId).toBe(colleague.user.id)
    const told = await json<{ items: { kind: string; target: { id: string } }[] }>(
      await api('/notifications?pageSize=50', { token: colleague.token }),
    )
    expect(told.items.filter((n) => n.kind === 'ASSIGNED' && n.target.id === overdue.id)).toHaveLength(1)

    // Decided: no longer open, still recorded for reporting.
    const db = await getDb()
    await db.update(businesses).set({ approvalStatus: 'APPROVED' }).where(eq(businesses.id, overdue.id))
    const closed = await json<{ content: EscalationRow[] }>(
      await api('/escalations?open=false&pageSize=100', { token: supervisor.token }),
    )
    expect(closed.content.find((r) => r.itemId === overdue.id)?.open).toBe(false)
  })

  it('escalates other queues too: a pending authorization past due, still open until decided', async () => {
    const db = await getDb()
    const [row] = await db
      .insert(authorizations)
      .values({
        type: 'SERVICE_LEVEL',
        resource: 'setting',
        targetKey: `test:${Date.now()}`,
        target: 'Support inquiries',
        proposal: { queue: 'SUPPORT_INQUIRIES', targetBusinessDays: 3, autoAssign: false },
        makerId: supervisor.user.id,
        // Microseconds, as the column's default now() stores them (a JS date holds milliseconds only).
        createdAt: sql`now() - interval '30 days' + interval '123 microseconds'`,
      })
      .returning()
    const escalated = await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT })
    expect(escalated.filter((e) => e.queue === 'AUTHORIZATIONS' && e.itemId === row!.id)).toHaveLength(1)
    expect((await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT })).some((e) => e.itemId === row!.id)).toBe(false)
    const open = await json<{ content: EscalationRow[] }>(
      await api('/escalations?queue=AUTHORIZATIONS&open=true&pageSize=100', { token: supervisor.token }),
    )
    expect(open.content.find((r) => r.itemId === row!.id)?.open).toBe(true)
  })
})

describe('escalation by e-mail (docs/notifications.md#e-mail-digest)', () => {
  const HOUR = 3_600_000
  const digests = async (email: string) => (await mailsTo(email)).filter((m) => m.template === 'notification-digest')

  it('a supervisor who chose escalations by e-mail gets one in the hourly digest, once; a re-entered item again', async () => {
    const watcher = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    const quiet = await signedInUser({ staffRole: 'SENIOR_MANAGEMENT' })
    const chosen = await api('/notifications/settings', {
      method: 'PUT',
      token: watcher.token,
      json: { emailKinds: ['ESCALATION'] },
    })
    expect(chosen.status).toBe(200)
    expect(await json(await api('/notifications/settings', { token: watcher.token }))).toEqual({ emailKinds: ['ESCALATION'] })

    const overdue = await createTestBusiness({
      approvalStatus: 'PENDING',
      kycDetailsCompleted: true,
      createdAt: new Date(Date.now() - 40 * DAY),
      assigneeId: reviewer.user.id,
    })
    const db = await getDb()
    const t0 = new Date()
    expect((await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT, now: t0 })).map((e) => e.itemId)).toContain(overdue.id)
    await runNotificationDigests({ db, now: t0 })

    const title = `Past its service level: Business review: ${overdue.name}`
    const mails = await digests(watcher.user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain(title)
    expect(mails[0]!.text).toContain(`/s/admin/approvals/business/business-preview?id=${overdue.id}`)
    // Told in the portal, but not by mail without choosing it.
    expect(await digests(quiet.user.email)).toEqual([])

    // The job runs again (every minute) and the digest hours later: the item was escalated, nothing more is sent.
    expect((await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT })).some((e) => e.itemId === overdue.id)).toBe(false)
    await runNotificationDigests({ db, now: new Date(t0.getTime() + 2 * HOUR) })
    expect(await digests(watcher.user.email)).toHaveLength(1)

    // Resubmitted: a new entry into the queue; past its new due time it is escalated, and told, again.
    await db.transaction((tx) =>
      appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: overdue.id,
        action: 'KYC_RESUBMITTED',
        before: { kycDetailsCompleted: false },
        after: { kycDetailsCompleted: true },
      }),
    )
    const later = new Date(Date.now() + 30 * DAY)
    expect((await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT, now: later })).map((e) => e.itemId)).toContain(overdue.id)
    await runNotificationDigests({ db, now: new Date(t0.getTime() + 4 * HOUR) })
    const after = await digests(watcher.user.email)
    expect(after).toHaveLength(2)
    expect(after[0]!.text).toContain(title)
    const bell = await json<{ items: { kind: string; target: { id: string } }[] }>(
      await api('/notifications?pageSize=50', { token: watcher.token }),
    )
    expect(bell.items.filter((n) => n.kind === 'ESCALATION' && n.target.id === overdue.id)).toHaveLength(2)
  })
})
