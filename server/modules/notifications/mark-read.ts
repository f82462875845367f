import { and, eq, isNull } from 'drizzle-orm'
import type { Notification } from '@/lib/contracts/notifications'
import type { Database } from '@/server/db/client'
import { notifications } from '@/server/db/schema'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { ownReadable, toNotification } from './find-notifications'

/**
 * `POST /notifications/{id}/read`: marks one of the user's own notifications read (again: no change). Someone else's,
 * or one about a business the user may no longer read, is a 404. Not audited: a user's own reading of their own
 * notifications changes nothing for anyone else (docs/notifications.md#audit).
 */
export async function markNotificationRead(options: {
  db: Database
  actor: Actor
  id: string
  now?: Date
}): Promise<Notification> {
  const { db, actor, id } = options
  const [updated] = await db
    .update(notifications)
    .set({ readAt: options.now ?? new Date() })
    .where(and(eq(notifications.id, id), ownReadable(actor), isNull(notifications.readAt)))
    .returning()
  if (updated) return toNotification(updated)
  const [existing] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), ownReadable(actor)))
  if (!existing) throw notFound('Notification')
  return toNotification(existing)
}

/** `POST /notifications/read-all`: every unread notification of the user, read now; answers how many. Not audited. */
export async function markAllNotificationsRead(options: { db: Database; actor: Actor; now?: Date }): Promise<{ marked: number }> {
  const rows = await options.db
    .update(notifications)
    .set({ readAt: options.now ?? new Date() })
    .where(and(ownReadable(options.actor), isNull(notifications.readAt)))
    .returning({ id: notifications.id })
  return { marked: rows.length }
}
