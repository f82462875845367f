import { asc, eq } from 'drizzle-orm'
import type { BusinessComment, BusinessCommentAdded, Mentionable } from '@/lib/contracts/reviews'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businessComments, type BusinessComment as BusinessCommentRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { getBusinessRowOrThrow } from '@/server/records/business-record'
import { displayName } from '@/server/records/display-name'
import { findMentionable, resolveMentions, type MentionResolution } from '../notifications/mentions'
import { notifyUsers } from '../notifications/notify-users'

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

/** `GET /businesses/attachment/{id}/mentionable`: colleagues who may read the thread, for the comment box's `@`. */
export async function findMentionableColleagues(options: {
  db: Executor
  actor: Actor
  businessId: string
  q?: string
}): Promise<Mentionable[]> {
  assertStaffWithAny(options.actor, ...COMMENT_WRITERS)
  await getBusinessRowOrThrow({ db: options.db, actor: options.actor, id: options.businessId })
  return findMentionable(options.db, {
    businessId: options.businessId,
    readers: COMMENT_READERS,
    q: options.q,
    exceptUserId: options.actor.userId,
  })
}

const NOT_NOTIFIED: Record<MentionResolution['unresolved'][number]['reason'], (handle: string) => string> = {
  NOT_A_READER: (h) => `@${h} may not read this business, so was not notified`,
  UNKNOWN: (h) => `Nobody on the staff is @${h}: nobody was notified`,
  AMBIGUOUS: (h) => `@${h} names more than one colleague: pick one from the list, nobody was notified`,
}

/**
 * `PUT /businesses/attachment/{id}`: appends one comment by the signed-in staff member (audited). Each `@handle` in it
 * notifies that colleague when they may read the business; the answer names the mentions that told nobody
 * (docs/notifications.md#mentions).
 */
export async function addBusinessComment(options: {
  db: Database
  actor: Actor
  businessId: string
  comment: string
  audit: AuditContext
}): Promise<BusinessCommentAdded> {
  const { db, actor, businessId } = options
  assertStaffWithAny(actor, ...COMMENT_WRITERS)
  const business = await getBusinessRowOrThrow({ db, actor, id: businessId })
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(businessComments)
      .values({ businessId, authorId: actor.userId, authorName: displayName(actor), body: options.comment.trim() })
      .returning()
    const mentions = await resolveMentions(tx, {
      businessId,
      text: created!.body,
      readers: COMMENT_READERS,
      authorId: actor.userId,
    })
    const { notified } = await notifyUsers(tx, {
      userIds: mentions.readers.map((c) => c.id),
      kind: 'MENTION',
      businessId,
      readers: COMMENT_READERS,
      membersRead: false,
      title: `${displayName(actor)} mentioned you on ${business.name}`,
      body: created!.body,
      target: { type: 'business-review', id: businessId },
      actorId: actor.userId,
    })
    await appendAudit(tx, options.audit, {
      resource: 'business',
      resourceId: businessId,
      action: 'COMMENT',
      after: { commentId: created!.id, comment: created!.body, ...(notified.length ? { notified } : {}) },
    })
    return {
      ...toComment(created!),
      mentions: {
        notified: mentions.readers.filter((c) => notified.includes(c.id)),
        notNotified: mentions.unresolved.map((u) => ({ ...u, message: NOT_NOTIFIED[u.reason](u.handle) })),
      },
    }
  })
}
