import { and, desc, eq } from 'drizzle-orm'
import type { BusinessDecision } from '@/lib/contracts/businesses'
import type { Executor } from '@/server/db/client'
import { businessReviewEvents } from '@/server/db/schema'

/** The latest staff decision on a business (its comment is a decline's reason), or null before any. */
export async function findLatestDecision(db: Executor, businessId: string): Promise<BusinessDecision | null> {
  const [row] = await db
    .select()
    .from(businessReviewEvents)
    .where(and(eq(businessReviewEvents.businessId, businessId), eq(businessReviewEvents.kind, 'DECISION')))
    .orderBy(desc(businessReviewEvents.createdAt))
    .limit(1)
  if (!row?.decision) return null
  return { decision: row.decision, comment: row.reason, decidedAt: row.createdAt.toISOString(), decidedBy: row.actorName }
}
