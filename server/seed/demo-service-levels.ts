import { and, eq, inArray, isNull } from 'drizzle-orm'
import { dueCutoffs, lagosDay } from '@/lib/format/business-days'
import { addIsoDays } from '@/lib/format/iso-day'
import { appendAudit, SYSTEM_AUDIT_CONTEXT } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, staffAvailability, users } from '@/server/db/schema'
import { runEscalations } from '@/server/modules/service-levels/run-escalations'
import { loadServiceLevels, dueFieldsOf } from '@/server/records/service-levels'
import { demoBusinessRegNos } from './demo-businesses'

/** The demo reviewer who is away (docs/service-levels.md#assignment): the payment-group approver. */
export const DEMO_AWAY_REVIEWER = 'approver2@example.com'

/**
 * Demo mode, after the other queue seeds: the business review queue shows overdue items (the demo's old businesses)
 * and one due soon (the youngest waiting business, moved to the first entry time that is due soon today when none
 * is), the overdue ones are escalated (the escalations screen has rows), and the second approver is away for two weeks.
 * Idempotent: a second run finds one due soon, the breaches recorded and the reviewer away, and writes nothing.
 */
export async function seedDemoServiceLevels(db: Database, now = new Date()): Promise<void> {
  const levels = await loadServiceLevels(db)
  const waiting = await db
    .select({ id: businesses.id, createdAt: businesses.createdAt })
    .from(businesses)
    .where(
      and(
        inArray(businesses.regNo, demoBusinessRegNos()),
        eq(businesses.approvalStatus, 'PENDING'),
        eq(businesses.kycDetailsCompleted, true),
        isNull(businesses.assigneeId),
      ),
    )
  const statusOf = (b: { createdAt: Date }) => dueFieldsOf(levels, 'BUSINESS_REVIEW', b.createdAt, now).dueStatus
  if (waiting.length > 1 && !waiting.some((b) => statusOf(b) === 'DUE_SOON')) {
    const youngest = waiting.reduce((a, b) => (a.createdAt > b.createdAt ? a : b))
    const enteredAt = dueCutoffs(now, levels.target('BUSINESS_REVIEW'), levels.calendar).overdue
    await db.update(businesses).set({ createdAt: enteredAt }).where(eq(businesses.id, youngest.id))
  }

  const [away] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_AWAY_REVIEWER))
  if (away) {
    const [row] = await db.select().from(staffAvailability).where(eq(staffAvailability.userId, away.id))
    if (!row) {
      const awayUntil = addIsoDays(lagosDay(now), 14)
      await db.transaction(async (tx) => {
        await tx.insert(staffAvailability).values({ userId: away.id, awayUntil })
        await appendAudit(tx, SYSTEM_AUDIT_CONTEXT, {
          resource: 'staff_availability',
          resourceId: away.id,
          action: 'AWAY',
          before: { awayUntil: null },
          after: { awayUntil },
        })
      })
    }
  }

  await runEscalations({ db, audit: SYSTEM_AUDIT_CONTEXT, now })
}
