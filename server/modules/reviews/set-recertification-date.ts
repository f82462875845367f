import { and, eq } from 'drizzle-orm'
import { isoDay } from '@/lib/format/iso-day'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow, toBusinessWithBlocking } from '@/server/records/business-record'

/** Decision: those who change approved businesses, and reviewers (who set the first date by approving). */
export const RECERTIFICATION_SETTERS = [PERMISSIONS.CAN_UPDATE_APPROVED_BUSINESS_INFO, PERMISSIONS.CAN_APPROVE_BUSINESS] as const

/**
 * `PUT /businesses/set-recertification-date`: moves an approved business's recertification date. The date must lie
 * after today (a past date would block the business at once; blocking is not what this call is for). A business
 * whose date had passed (blocked) is unblocked by a new date. Conditional on APPROVED; audited.
 */
export async function setRecertificationDate(options: {
  db: Database
  actor: Actor
  businessId: string
  date: string
  audit: AuditContext
  now?: Date
}) {
  const { db, actor, businessId, date, now = new Date() } = options
  assertStaffWithAny(actor, ...RECERTIFICATION_SETTERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  if (date <= isoDay(now))
    throw new AppError('VALIDATION_FAILED', 'The recertification date must be after today', { field: 'date' })

  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, businessId))
    const [after] = await tx
      .update(businesses)
      .set({ recertificationDate: date, updatedAt: now })
      .where(and(eq(businesses.id, businessId), eq(businesses.approvalStatus, 'APPROVED')))
      .returning()
    if (!after)
      throw new AppError(
        'INVALID_STATE',
        `The business is ${before ? statusWords(before.approvalStatus) : 'gone'}: only an approved business has a recertification date`,
      )
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: 'SET_RECERTIFICATION_DATE',
      before: { recertificationDate: before!.recertificationDate },
      after: { recertificationDate: after.recertificationDate },
    })
    return after
  })
  return toBusinessWithBlocking(db, updated, now)
}
