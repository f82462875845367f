import { and, eq } from 'drizzle-orm'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit } from '@/server/audit/append-audit'
import { businesses, businessReviewEvents } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { getBusinessRowOrThrow, toBusiness, toBusinessWithBlocking } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
import { archiveTransition, type ArchiveStatusChange } from './archive-transition'

/** Decision: staff who change businesses (onboarding officers, super admins) archive and unarchive them. */
export const ARCHIVERS = [PERMISSIONS.CAN_UPDATE_BUSINESS] as const

/**
 * `POST /archive/business/{id}` (ACTIVE → ARCHIVED) and `.../unarchive` (ARCHIVED → ACTIVE), each with a reason.
 * One conditional UPDATE, the reason in the review events, and the audit row, in one transaction. An archived
 * business leaves the default lists and the review queue.
 */
export async function changeArchiveStatus(options: ArchiveStatusChange & { businessId: string }) {
  const { db, actor, businessId, archive, now = new Date() } = options
  assertStaffWithAny(actor, ...ARCHIVERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  const { from, to, action, refused } = archiveTransition(archive, 'business')
  const reason = options.reason.trim()

  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, businessId))
    const [after] = await tx
      .update(businesses)
      .set({ archiveStatus: to, updatedAt: now })
      .where(and(eq(businesses.id, businessId), eq(businesses.archiveStatus, from)))
      .returning()
    if (!after) throw refused(before?.archiveStatus)
    await tx.insert(businessReviewEvents).values({
      businessId,
      kind: action,
      reason,
      actorId: actor.userId,
      actorName: displayName(actor),
      createdAt: now,
    })
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action,
      before: toBusiness(before!, { now }),
      after: { ...toBusiness(after, { now }), reason },
    })
    return after
  })
  return toBusinessWithBlocking(db, updated, now)
}
