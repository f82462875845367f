import { asc, eq } from 'drizzle-orm'
import type { BusinessComment } from '@/lib/contracts/reviews'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businessComments, type BusinessComment as BusinessCommentRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'

const toComment = (row: BusinessCommentRow): BusinessComment => ({
  id: row.id,
  businessId: row.businessId,
  author: { id: row.authorId, name: row.authorName },
  comment: row.body,
  decision: row.decision,
  createdAt: row.createdAt.toISOString(),
})

/** Decision: reading the thread needs CAN_READ_BUSINESS (auditors read it); writing needs a reviewer's or officer's permission. */
export const COMMENT_READERS = [PERMISSIONS.CAN_READ_BUSINESS, PERMISSIONS.CAN_APPROVE_BUSINESS] as const
export const COMMENT_WRITERS = [PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_UPDATE_BUSINESS] as const

/** `GET /businesses/attachment/{id}`: the recommendation comments on a business, oldest first (staff only). */
export async function findBusinessComments(options: {
  db: Executor
  actor: Actor
  businessId: string
}): Promise<BusinessComment[]> {
  assertStaffWithAny(options.actor, ...COMMENT_READERS)
  await getBusinessRowOrThrow({ db: options.db, actor: options.actor, id: options.businessId })
  const rows = await options.db
    .select()
    .from(businessComments)
    .where(eq(businessComments.businessId, options.businessId))
    .orderBy(asc(businessComments.createdAt), asc(businessComments.id))
  return rows.map(toComment)
}

/** `PUT /businesses/attachment/{id}`: appends one comment by the signed-in staff member (audited). */
export async function addBusinessComment(options: {
  db: Database
  actor: Actor
  businessId: string
  comment: string
  audit: AuditContext
}): Promise<BusinessComment> {
  const { db, actor, businessId } = options
  assertStaffWithAny(actor, ...COMMENT_WRITERS)
  await getBusinessRowOrThrow({ db, actor, id: businessId })
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(businessComments)
      .values({ businessId, authorId: actor.userId, authorName: displayName(actor), body: options.comment.trim() })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: 'COMMENT',
      after: { commentId: created!.id, comment: created!.body },
    })
    return created!
  })
  return toComment(row)
}
