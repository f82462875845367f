import { and, eq, inArray } from 'drizzle-orm'
import { DAY_MS } from '@/lib/format/iso-day'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessComments, businesses, businessReviewEvents, users } from '@/server/db/schema'
import { reviewWaitOf } from '@/server/records/review-wait'
import { demoBusinessRegNos } from './demo-businesses'

/** Why each declined demo business was declined (by its index among the demo businesses). */
const DECLINE_REASONS: Record<number, string> = {
  4: 'The CAC status report names two directors who have no means of ID on file. Add a valid ID for each director, then resubmit.',
  9: 'The certificate of registration does not match the business name registered here. Upload the BN1 issued for this name.',
  14: 'The means of ID of the majority shareholder expired in 2025. Upload a current passport or national ID card.',
  19: 'The shareholding adds up to 100% but the CAC 2 shows a different allotment. Correct the shareholders to match the CAC 2.',
  24: 'The utility bill for the operating address is older than three months. Upload a recent one.',
  29: 'The incorporated trustees certificate is for a different trust. Upload the IT 1 issued to this organisation.',
}
/** Archived with this reason (the demo business 29 is archived). */
const ARCHIVED: Record<number, string> = {
  29: 'Duplicate profile: the trust re-registered under its new name and is onboarded there. Kept for the audit trail.',
}
/** A pending business with KYC complete and its review under way: recommendation comments and an assignee. */
const UNDER_REVIEW = 6

/**
 * Demo mode: the review side of the demo businesses, after the businesses and their documents are seeded. Declined
 * businesses get their decision with its reason (as the business sees it on its dashboard), the archived one its
 * reason, and one pending business recommendation comments and an assigned reviewer. Idempotent: a business that
 * already has this review data is left alone. Statuses are never changed here.
 */
export async function seedDemoReview(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const rows = await db.select().from(businesses).where(inArray(businesses.regNo, regNos))
  if (!rows.length) return
  const byIndex = new Map(rows.map((b) => [regNos.indexOf(b.regNo), b]))
  const staff = await db
    .select()
    .from(users)
    .where(inArray(users.email, ['approver@example.com', 'officer@example.com']))
  const approver = staff.find((u) => u.email === 'approver@example.com')
  const officer = staff.find((u) => u.email === 'officer@example.com')
  if (!approver || !officer) return
  const nameOf = (u: typeof approver) => `${u.firstName} ${u.lastName}`
  const existing = await db
    .select({ businessId: businessReviewEvents.businessId, kind: businessReviewEvents.kind })
    .from(businessReviewEvents)
    .where(
      inArray(
        businessReviewEvents.businessId,
        rows.map((b) => b.id),
      ),
    )
  const has = (businessId: string, kind: string) => existing.some((e) => e.businessId === businessId && e.kind === kind)

  await db.transaction(async (tx) => {
    for (const [index, reason] of Object.entries(DECLINE_REASONS)) {
      const business = byIndex.get(Number(index))
      if (!business || business.approvalStatus !== 'DECLINED' || has(business.id, 'DECISION')) continue
      const decidedAt = new Date(business.createdAt.getTime() + 6 * DAY_MS)
      await tx.insert(businessComments).values({
        businessId: business.id,
        authorId: approver.id,
        authorName: nameOf(approver),
        body: reason,
        decision: 'DECLINED',
        createdAt: decidedAt,
      })
      await tx.insert(businessReviewEvents).values({
        businessId: business.id,
        kind: 'DECISION',
        decision: 'DECLINED',
        reason,
        actorId: approver.id,
        actorName: nameOf(approver),
        createdAt: decidedAt,
        ...reviewWaitOf(business.id, decidedAt),
      })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: business.id,
        action: 'SEED_DEMO_DECISION',
        after: { decision: 'DECLINED', comment: reason, decidedBy: approver.email },
      })
    }

    for (const [index, reason] of Object.entries(ARCHIVED)) {
      const business = byIndex.get(Number(index))
      if (!business || business.archiveStatus !== 'ARCHIVED' || has(business.id, 'ARCHIVE')) continue
      const archivedAt = new Date(business.createdAt.getTime() + 9 * DAY_MS)
      await tx.insert(businessReviewEvents).values({
        businessId: business.id,
        kind: 'ARCHIVE',
        reason,
        actorId: officer.id,
        actorName: nameOf(officer),
        createdAt: archivedAt,
      })
      await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
        resource: 'business',
        resourceId: business.id,
        action: 'SEED_DEMO_ARCHIVE',
        after: { reason, archivedBy: officer.email },
      })
    }

    const pending = byIndex.get(UNDER_REVIEW)
    if (pending && pending.approvalStatus === 'PENDING' && pending.kycDetailsCompleted) {
      const [commented] = await tx
        .select({ id: businessComments.id })
        .from(businessComments)
        .where(eq(businessComments.businessId, pending.id))
        .limit(1)
      if (!commented) {
        const at = (days: number) => new Date(pending.createdAt.getTime() + days * DAY_MS)
        await tx.insert(businessComments).values([
          {
            businessId: pending.id,
            authorId: officer.id,
            authorName: nameOf(officer),
            body: 'Visited the factory in Zaria: the operating address and the signboard match the KYC. Directors met in person.',
            createdAt: at(3),
          },
          {
            businessId: pending.id,
            authorId: approver.id,
            authorName: nameOf(approver),
            body: 'CAC documents checked against the registry search. Recommend approval.',
            createdAt: at(4),
          },
        ])
        await tx
          .update(businesses)
          .set({ assigneeId: approver.id })
          .where(and(eq(businesses.id, pending.id), eq(businesses.approvalStatus, 'PENDING')))
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'business',
          resourceId: pending.id,
          action: 'SEED_DEMO_REVIEW',
          after: { comments: 2, assignee: approver.email },
        })
      }
    }
  })
}
