import { and, eq, isNull } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, screeningChecks, screeningHits, screeningSuppressions } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { lockBusinessRow } from '@/server/records/business-record'
import { SCREENING_ADJUDICATORS } from '../screening-access'
import { refreshBusinessScreeningStatus, screeningChanged } from './screen-business'

export interface AdjudicationInput {
  decision: 'FALSE_MATCH' | 'TRUE_MATCH'
  reason: string
}

/**
 * `PUT /screening/hits/{id}` (docs/screening.md#adjudication): an OPEN candidate becomes FALSE_MATCH (remembered as a
 * suppression, so the same facts against the same entry never alert again) or TRUE_MATCH, with the reason; the check
 * and the business's screening status follow. One conditional UPDATE decides between concurrent adjudicators (409 for
 * the others). Audited in the same transaction.
 */
export async function adjudicateHit(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  id: string
  input: AdjudicationInput
}) {
  const { db, actor, id, input } = options
  assertStaffWithAny(actor, ...SCREENING_ADJUDICATORS)
  const [hit] = await db
    .select({ hit: screeningHits, check: screeningChecks })
    .from(screeningHits)
    .innerJoin(screeningChecks, eq(screeningChecks.id, screeningHits.checkId))
    .where(eq(screeningHits.id, id))
  if (!hit) throw notFound('Screening candidate')
  if (hit.check.supersededAt)
    throw new AppError(
      'INVALID_STATE',
      'This screening was replaced by a newer one (the person or the business changed): open the current one',
    )
  const now = new Date()
  return db.transaction(async (tx) => {
    await lockBusinessRow(tx, hit.hit.businessId)
    const [decided] = await tx
      .update(screeningHits)
      .set({ status: input.decision, reason: input.reason, decidedBy: actor.userId, decidedAt: now })
      .where(and(eq(screeningHits.id, id), eq(screeningHits.status, 'OPEN')))
      .returning()
    if (!decided) {
      const [latest] = await tx.select({ status: screeningHits.status }).from(screeningHits).where(eq(screeningHits.id, id))
      throw new AppError(
        'INVALID_STATE',
        `This candidate was already adjudicated (${latest?.status === 'TRUE_MATCH' ? 'a true match' : 'a false match'})`,
      )
    }
    if (input.decision === 'FALSE_MATCH') {
      await tx
        .insert(screeningSuppressions)
        .values({
          businessId: decided.businessId,
          fingerprint: hit.check.fingerprint,
          entryId: decided.entryId,
          hitId: decided.id,
          createdAt: now,
        })
        .onConflictDoNothing()
    }
    const stillOpen = await tx
      .select({ id: screeningHits.id })
      .from(screeningHits)
      .where(and(eq(screeningHits.checkId, hit.check.id), eq(screeningHits.status, 'OPEN')))
      .limit(1)
    if (!stillOpen.length)
      await tx
        .update(screeningChecks)
        .set({ status: 'DECIDED' })
        .where(and(eq(screeningChecks.id, hit.check.id), isNull(screeningChecks.supersededAt)))
    const businessStatus = await refreshBusinessScreeningStatus(tx, decided.businessId)
    await screeningChanged(tx, decided.businessId, options.audit, now)
    await appendAudit(tx, options.audit, {
      resource: 'screening_hit',
      resourceId: decided.id,
      action: input.decision === 'FALSE_MATCH' ? 'CLEAR' : 'CONFIRM',
      before: { status: 'OPEN' },
      after: {
        status: decided.status,
        reason: decided.reason,
        businessId: decided.businessId,
        subject: hit.check.subjectName,
        entryId: decided.entryId,
        score: decided.score,
        factors: decided.factors,
        listVersions: hit.check.listVersions,
        businessScreeningStatus: businessStatus,
      },
    })
    const [business] = await tx
      .select({ id: businesses.id, screeningStatus: businesses.screeningStatus })
      .from(businesses)
      .where(eq(businesses.id, decided.businessId))
    return {
      id: decided.id,
      status: decided.status,
      businessId: decided.businessId,
      businessScreeningStatus: business!.screeningStatus,
    }
  })
}
