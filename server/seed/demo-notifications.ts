import { and, eq, inArray } from 'drizzle-orm'
import { DAY_MS } from '@/lib/format/iso-day'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessComments, businesses, businessUsers, notifications, users } from '@/server/db/schema'
import { notifyUsers } from '@/server/modules/notifications/notify-users'
import { COMMENT_READERS } from '@/server/modules/reviews/business-comments'
import { demoBusinessRegNos } from './demo-businesses'

/** The pending demo business under review (demo-review.ts): its thread gets a comment mentioning both approvers. */
const UNDER_REVIEW = 6

/**
 * Demo mode: unread notifications for the demo reviewers (docs/notifications.md) and for the demo owner. The
 * onboarding officer's comment on the business under review mentions both approvers (the comment is in the thread,
 * so the notification opens onto it); the owner hears of the decisions already made on their businesses. Written
 * through notifyUsers, so the scoping rule applies; idempotent (a dedupe key per demo notification).
 */
export async function seedDemoNotifications(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const staff = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['officer@example.com', 'approver@example.com', 'approver2@example.com', 'owner@example.com']))
  const by = (email: string) => staff.find((u) => u.email === email)
  const officer = by('officer@example.com')
  const approvers = [by('approver@example.com'), by('approver2@example.com')].filter((u) => !!u)
  const owner = by('owner@example.com')
  if (!officer || !approvers.length) return
  const [pending] = await db.select().from(businesses).where(eq(businesses.regNo, regNos[UNDER_REVIEW]!))
  const [already] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.dedupeKey, 'demo:mention'))
    .limit(1)
  if (pending && !already) {
    const handles = approvers.map((u) => `@${u.firstName}.${u.lastName}`.toLowerCase()).join(' and ')
    const body = `${handles}: the ownership chart shows a corporate shareholder with no CAC 7 on file. Could one of you check before the decision?`
    const at = new Date(Date.now() - DAY_MS / 8)
    await db.transaction(async (tx) => {
      const [comment] = await tx
        .insert(businessComments)
        .values({
          businessId: pending.id,
          authorId: officer.id,
          authorName: `${officer.firstName} ${officer.lastName}`,
          body,
          createdAt: at,
        })
        .returning()
      const { notified } = await notifyUsers(tx, {
        userIds: approvers.map((u) => u.id),
        kind: 'MENTION',
        businessId: pending.id,
        readers: COMMENT_READERS,
        membersRead: false,
        title: `${officer.firstName} ${officer.lastName} mentioned you on ${pending.name}`,
        body,
        target: { type: 'business-review', id: pending.id },
        actorId: officer.id,
        dedupeKey: 'demo:mention',
        now: at,
      })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: pending.id,
        action: 'COMMENT',
        after: { commentId: comment!.id, comment: body, notified, demo: true },
      })
    })
  }
  if (!owner) return
  const decided = await db
    .select({ id: businesses.id, name: businesses.name, status: businesses.approvalStatus, approvedAt: businesses.approvedAt })
    .from(businesses)
    .innerJoin(businessUsers, eq(businessUsers.businessId, businesses.id))
    .where(and(eq(businessUsers.userId, owner.id), inArray(businesses.approvalStatus, ['APPROVED', 'DECLINED'])))
  for (const business of decided)
    await db.transaction((tx) =>
      notifyUsers(tx, {
        userIds: [owner.id],
        kind: 'DECISION',
        businessId: business.id,
        readers: [],
        title: `${business.name} was ${business.status === 'APPROVED' ? 'approved' : 'declined'}`,
        target: { type: 'business-dashboard', id: business.id },
        dedupeKey: `demo:decision:${business.id}`,
        now: business.approvedAt ?? undefined,
      }),
    )
}
