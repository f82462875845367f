import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businessCategories, businesses, kycDetails, riskFirstApprovals, users } from '@/server/db/schema'
import { recomputeRiskNow } from '@/server/modules/risk/recompute-risk'
import { currentAssessment } from '@/server/modules/risk/risk-state'
import { demoBusinessRegNos } from './demo-businesses'
import { DEMO_READY_TO_APPROVE, recordDemoVerifications } from './demo-staff-queues'

/**
 * Demo mode, after the staff queues (whose screening assessed every submitted demo business): the demo shows every
 * tier. Of the demo businesses under review (but the one ready to approve), the first by registration number moves to
 * financial services with two employees (HIGH), has its verification items recorded VERIFIED and holds the demo
 * approver's first approval, waiting for senior@example.com; the second moves to financial services (MEDIUM); the others keep what the shipped model gives
 * them. Idempotent: a second run finds the first approval in place and writes nothing.
 */
export async function seedDemoRisk(db: Database): Promise<void> {
  const regNos = demoBusinessRegNos()
  const underReview = await db
    .select({ id: businesses.id })
    .from(businesses)
    .where(
      and(
        inArray(businesses.regNo, regNos),
        ne(businesses.regNo, regNos[DEMO_READY_TO_APPROVE]!),
        eq(businesses.approvalStatus, 'PENDING'),
        eq(businesses.kycDetailsCompleted, true),
      ),
    )
    .orderBy(asc(businesses.regNo))
    .limit(2)
  const [high, medium] = underReview
  if (!high || !medium) return
  if ((await db.select().from(riskFirstApprovals).where(eq(riskFirstApprovals.businessId, high.id))).length) return
  const [financial] = await db
    .select({ id: businessCategories.id })
    .from(businessCategories)
    .where(eq(businessCategories.name, 'Financial Services'))
  await db
    .update(businesses)
    .set({ categoryId: financial!.id })
    .where(inArray(businesses.id, [high.id, medium.id]))
  await db.update(kycDetails).set({ numberOfEmployees: 2 }).where(eq(kycDetails.businessId, high.id))
  for (const { id } of underReview)
    await recomputeRiskNow(db, { businessId: id, reason: 'KYC_CHANGED', audit: SYSTEM_AUDIT_CONTEXT })

  const assessed = await currentAssessment(db, high.id)
  const [approver] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, 'approver@example.com'))
  if (assessed?.tier !== 'HIGH' || !approver) return
  // The first approver checked everything the approval needs, so the senior manager's approval can go through.
  const [analyst] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@example.com'))
  await recordDemoVerifications(db, { businessId: high.id, analystId: analyst?.id ?? null, readyToApprove: true })
  await db.transaction(async (tx) => {
    await tx.insert(riskFirstApprovals).values({
      businessId: high.id,
      approvedBy: approver.id,
      approverName: `${approver.firstName} ${approver.lastName}`,
      comment: 'Source of funds explained; a high-risk client needs the senior approval (demo).',
    })
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      resourceId: high.id,
      action: 'SEED_DEMO_FIRST_APPROVAL',
      after: { riskTier: assessed.tier, approvedBy: approver.id },
    })
  })
}
