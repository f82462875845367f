import { and, asc, eq, sql } from 'drizzle-orm'
import type { Reviewer } from '@/lib/contracts/reviews'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businesses, users } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow, toBusinessWithBlocking } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
import { assertNotAway } from '@/server/records/service-levels'
import { REVIEW_READERS, REVIEW_DECIDE } from './review-access'

/** Active users holding CAN_APPROVE_BUSINESS through a staff role (business roles never carry it). */
const holdsApproveThroughStaffRole = sql`exists (
  select 1 from user_roles ur
  join roles r on r.id = ur.role_id and r.scope = 'staff'
  join role_permissions rp on rp.role_id = r.id
  join permissions p on p.id = rp.permission_id and p.name = ${PERMISSIONS.CAN_APPROVE_BUSINESS}
  where ur.user_id = ${users.id})`

/** `GET /businesses/reviewers`: who a pending business may be assigned to. */
export async function findReviewers(options: { db: Executor; actor: Actor }): Promise<Reviewer[]> {
  assertStaffWithAny(options.actor, ...REVIEW_READERS)
  const rows = await options.db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), holdsApproveThroughStaffRole))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(500)
  return rows.map((r) => ({ id: r.id, name: displayName(r), email: r.email }))
}

/**
 * `PUT /businesses/{id}/assignee`: a reviewer (CAN_APPROVE_BUSINESS) takes a pending business, gives it to another
 * reviewer, or unassigns it (`userId: null`). The assignee must be an active reviewer who did not register the
 * business. Conditional on the business still being PENDING; audited with before and after.
 */
export async function assignReviewer(options: {
  db: Database
  actor: Actor
  businessId: string
  userId: string | null
  audit: AuditContext
}) {
  const { db, actor, businessId, userId } = options
  assertStaffWithAny(actor, REVIEW_DECIDE)
  const current = await getBusinessRowOrThrow({ db, actor, id: businessId })
  let assigneeName: string | null = null
  if (userId) {
    const [assignee] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.status, 'ACTIVE'), holdsApproveThroughStaffRole))
    if (!assignee)
      throw new AppError('VALIDATION_FAILED', 'The assignee must be an active staff member who may approve businesses', {
        field: 'userId',
      })
    if (current.createdBy === userId) {
      throw new AppError('VALIDATION_FAILED', 'The person who registered the business cannot review it (four-eyes)', {
        field: 'userId',
      })
    }
    // Someone else may not hand it to a reviewer who is away; taking it oneself stays possible.
    if (userId !== actor.userId) await assertNotAway(db, userId, 'userId', new Date())
    assigneeName = displayName(assignee)
  }

  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(businesses).where(eq(businesses.id, businessId))
    const [after] = await tx
      .update(businesses)
      .set({ assigneeId: userId })
      .where(and(eq(businesses.id, businessId), eq(businesses.approvalStatus, 'PENDING')))
      .returning()
    if (!after)
      throw new AppError(
        'INVALID_STATE',
        `The business is ${before ? statusWords(before.approvalStatus) : 'gone'}: only a business waiting for a decision is assigned to a reviewer`,
      )
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: userId ? 'ASSIGN_REVIEWER' : 'UNASSIGN_REVIEWER',
      before: { assigneeId: before!.assigneeId },
      after: { assigneeId: userId, assigneeName },
    })
    return after
  })
  return { ...(await toBusinessWithBlocking(db, updated)), assigneeName }
}
