import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Notification, NotificationPage } from '@/lib/contracts/notifications'
import type { Executor } from '@/server/db/client'
import { notifications, type NotificationRow } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  body: row.body,
  businessId: row.businessId,
  target: { type: row.targetType, id: row.targetId },
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
})

/**
 * The actor's own notifications that they may still read (docs/notifications.md#scoping): none about a business
 * unless they hold one of its read permissions through a staff role now, or belong to it now.
 */
export function ownReadable(actor: Actor): SQL {
  const staff = [...actor.staffPermissions]
  const memberOf = actor.memberships.map((m) => m.businessId)
  return and(
    eq(notifications.userId, actor.userId),
    or(
      isNull(notifications.businessId),
      staff.length ? sql`${notifications.readPermissions} && ${sql.param(staff)}::text[]` : undefined,
      memberOf.length ? and(notifications.membersRead, inArray(notifications.businessId, memberOf)) : undefined,
    ),
  )!
}

const encodeCursor = (row: NotificationRow) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`, 'utf8').toString('base64url')

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const createdAt = new Date(at ?? '')
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw new AppError('VALIDATION_FAILED', 'before: is not a cursor from this list', { field: 'before' })
  return { createdAt, id }
}

/** `GET /notifications`: the signed-in user's, newest first, keyset paged; `unread` keeps the unread ones. */
export async function findNotifications(options: {
  db: Executor
  actor: Actor
  query: { before?: string; unread?: boolean; pageSize: number }
}): Promise<NotificationPage> {
  const { db, actor, query } = options
  const after = query.before ? decodeCursor(query.before) : undefined
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        ownReadable(actor),
        query.unread ? isNull(notifications.readAt) : undefined,
        after
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.pageSize + 1)
  const page = rows.slice(0, query.pageSize)
  return {
    items: page.map(toNotification),
    nextCursor: rows.length > query.pageSize ? encodeCursor(page.at(-1)!) : null,
  }
}

/** `GET /notifications/unread-count`: one count over the unread partial index of the user's rows. */
export async function countUnread(options: { db: Executor; actor: Actor }): Promise<{ unread: number }> {
  const [row] = await options.db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(ownReadable(options.actor), isNull(notifications.readAt)))
  return { unread: Number(row?.unread ?? 0) }
}
