import { randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { NotificationKind } from '@/lib/contracts/notification-values'
import type { Permission } from '@/lib/permissions/names'
import { getDb } from '@/server/db/client'
import { users } from '@/server/db/schema'
import { notifyUsers } from '@/server/modules/notifications/notify-users'
import { api, signedInUser, type TestUserOptions } from './helpers'

/** A signed-in user with a name of their own, so their mention handle (`first.last`) is theirs alone. */
export async function namedUser(options: TestUserOptions) {
  const signed = await signedInUser(options)
  const firstName = `Ada${randomInt(1e9)}`
  const lastName = `Obi${randomInt(1e9)}`
  await (await getDb()).update(users).set({ firstName, lastName }).where(eq(users.id, signed.user.id))
  return { ...signed, firstName, lastName, handle: `${firstName}.${lastName}`.toLowerCase() }
}

/** Writes notifications as a module would, in its own transaction. */
export async function notify(input: {
  userIds: string[]
  businessId?: string
  readers?: Permission[]
  kind?: NotificationKind
  title?: string
  membersRead?: boolean
  now?: Date
}) {
  const db = await getDb()
  return db.transaction((tx) =>
    notifyUsers(tx, {
      userIds: input.userIds,
      kind: input.kind ?? 'ASSIGNED',
      businessId: input.businessId ?? null,
      readers: input.readers ?? ['CAN_READ_BUSINESS'],
      membersRead: input.membersRead,
      title: input.title ?? 'Something to do',
      target: { type: 'business-review', id: input.businessId ?? 'none' },
      now: input.now,
    }),
  )
}

export interface ListedNotification {
  id: string
  kind: string
  title: string
  body: string | null
  businessId: string | null
  target: { type: string; id: string }
  readAt: string | null
}

export async function listNotifications(token: string, query = '') {
  const res = await api(`/notifications${query}`, { token })
  if (res.status !== 200) throw new Error(`GET /notifications answered ${res.status}: ${await res.text()}`)
  return (await res.json()) as { items: ListedNotification[]; nextCursor: string | null }
}

export async function unreadCount(token: string) {
  const res = await api('/notifications/unread-count', { token })
  return ((await res.json()) as { unread: number }).unread
}
