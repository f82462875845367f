import { and, eq } from 'drizzle-orm'
import { PERMISSIONS } from '@/lib/permissions'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, businessReviewEvents } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow, toBusiness, toBusinessWithBlocking } from '../businesses/business-record'
import { assertStaffWithAny } from '@/server/http/access'
import { displayName } from '../reviews/staff-access'
import { statusWords } from '@/lib/format/status-words'

/** Decision: staff who change businesses (onboarding officers, super admins) archive and unarchive them. */
export const ARCHIVERS = [PERMISSIONS.CAN_UPDATE_BUSINESS] as const

/**
 * `POST /archive/business/{id}` (ACTIVE → ARCHIVED) and `.../unarchive` (ARCHIVED → ACTIVE), each with a reason.
 * One conditional UPDATE, the reason in the review events, and the audit row, in one transaction. An archived
 * business leaves the default lists and the review queue.
 */
export async function changeArchiveStatus(options: {
  db: Database
  actor: Actor
  businessId: string
  archive: boolean
  reason: string
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, businessId, archive, now = new Date() } = options
  assertStaffWithAny(actor, ...ARCHIVERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  const from = archive ? 'ACTIVE' : 'ARCHIVED'
  const to = archive ? 'ARCHIVED' : 'ACTIVE'
  const reason = options.reason.trim()

  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, businessId))
    const [after] = await tx
      .update(businesses)
      .set({ archiveStatus: to, updatedAt: now })
      .where(and(eq(businesses.id, businessId), eq(businesses.archiveStatus, from)))
      .returning()
    if (!after) {
      throw new AppError(
        'INVALID_STATE',
        `The business is ${before ? statusWords(before.archiveStatus) : 'gone'}: only an ${statusWords(from)} business can be ${archive ? 'archived' : 'unarchived'}`,
      )
    }
    await tx.insert(businessReviewEvents).values({
      businessId,
      kind: archive ? 'ARCHIVE' : 'UNARCHIVE',
      reason,
      actorId: actor.userId,
      actorName: displayName(actor),
      createdAt: now,
    })
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: archive ? 'ARCHIVE' : 'UNARCHIVE',
      before: toBusiness(before!, { now }),
      after: { ...toBusiness(after, { now }), reason },
    })
    return after
  })
  return toBusinessWithBlocking(db, updated, now)
}
