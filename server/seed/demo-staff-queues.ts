import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, kycVerifications, users } from '@/server/db/schema'
import { openBusinessScreening } from '@/server/modules/screening/screen/screen-business'
import { openVerificationItems } from '@/server/records/verification-items'
import { demoBusinessRegNos } from './demo-businesses'

/**
 * The demo business whose approval checklist is all met (its CAC documents approved by the documents seed, its
 * verification items recorded VERIFIED here by the demo KYC analyst), so a newcomer signed in as the demo
 * approver can try a whole approval without first waiving or verifying anything: Abeokuta Adire Fashion.
 */
export const DEMO_READY_TO_APPROVE = 20

/**
 * Demo mode, after the KYC and document seeds: the verification queue has work. Every demo business whose KYC is
 * submitted or approved gets its verification items (company lookup, each means of ID, each shareholder BVN): PENDING
 * for businesses still under review; an approved business was verified before its approval, so its items are recorded
 * VERIFIED by the demo KYC analyst, once (only when it had none); so are those of DEMO_READY_TO_APPROVE (the analyst
 * records results and never decides: docs/domain.md#who-does-what). CAC documents and deferrals waiting for review come from
 * the KYC documents seed. Idempotent: a second run finds the items in place and writes nothing.
 */
export async function seedDemoStaffQueues(db: Database): Promise<void> {
  const rows = await db
    .select({ id: businesses.id, approvalStatus: businesses.approvalStatus, regNo: businesses.regNo })
    .from(businesses)
    .where(
      and(
        inArray(businesses.regNo, demoBusinessRegNos()),
        or(eq(businesses.kycDetailsCompleted, true), eq(businesses.approvalStatus, 'APPROVED')),
      ),
    )
  if (!rows.length) return
  const withItems = new Set(
    (
      await db
        .selectDistinct({ businessId: kycVerifications.businessId })
        .from(kycVerifications)
        .where(
          inArray(
            kycVerifications.businessId,
            rows.map((r) => r.id),
          ),
        )
    ).map((r) => r.businessId),
  )
  const [analyst] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@example.com'))
  const readyRegNo = demoBusinessRegNos()[DEMO_READY_TO_APPROVE]
  for (const business of rows) {
    const opened = await openVerificationItems(db, business.id, SYSTEM_AUDIT_CONTEXT)
    await openBusinessScreening(db, business.id, SYSTEM_AUDIT_CONTEXT)
    const ready = business.regNo === readyRegNo && business.approvalStatus === 'PENDING'
    if (!opened || withItems.has(business.id) || (business.approvalStatus !== 'APPROVED' && !ready)) continue
    await recordDemoVerifications(db, { businessId: business.id, analystId: analyst?.id ?? null, readyToApprove: ready })
  }
}

/** Every pending verification item of a demo business recorded VERIFIED by the demo analyst, audited. */
export async function recordDemoVerifications(
  db: Database,
  options: { businessId: string; analystId: string | null; readyToApprove: boolean },
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date()
    const verified = await tx
      .update(kycVerifications)
      .set({
        status: 'VERIFIED',
        comment: 'Checked during onboarding (demo data).',
        decidedBy: options.analystId,
        decidedAt: now,
        updatedAt: now,
      })
      .where(
        and(
          eq(kycVerifications.businessId, options.businessId),
          eq(kycVerifications.status, 'PENDING'),
          isNull(kycVerifications.supersededAt),
        ),
      )
      .returning({ id: kycVerifications.id, kind: kycVerifications.kind })
    await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
      resource: 'business',
      resourceId: options.businessId,
      action: 'SEED_DEMO_VERIFICATIONS',
      after: { verified: verified.map((v) => v.kind), readyToApprove: options.readyToApprove },
    })
  })
}
