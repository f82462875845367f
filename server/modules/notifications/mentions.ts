import { and, asc, eq, exists, sql } from 'drizzle-orm'
import { mentionedHandles, mentionHandle } from '@/lib/contracts/notification-values'
import type { Permission } from '@/lib/permissions/names'
import type { Executor } from '@/server/db/client'
import { roles, userRoles, users } from '@/server/db/schema'
import { usersWhoMayRead } from './notify-users'

export interface Colleague {
  id: string
  name: string
  handle: string
}

/** Active users with a staff role: the people a staff thread can mention (a few hundred at most). */
async function activeStaff(db: Executor): Promise<Colleague[]> {
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        exists(
          sql`(select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.scope} = 'staff'
            where ${userRoles.userId} = ${users.id})`,
        ),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName))
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`.trim(),
    handle: mentionHandle(r.firstName, r.lastName),
  }))
}

/**
 * Colleagues who may read the business through a staff role holding one of `readers`, whose name or handle contains
 * `q` (the comment box's autocomplete; docs/notifications.md#mentions). At most `limit`, by name.
 */
export async function findMentionable(
  db: Executor,
  options: { businessId: string; readers: readonly Permission[]; q?: string; exceptUserId?: string; limit?: number },
): Promise<Colleague[]> {
  const q = options.q?.trim().toLowerCase().replace(/^@/, '') ?? ''
  const staff = (await activeStaff(db)).filter(
    (c) => c.id !== options.exceptUserId && (!q || c.handle.includes(q) || c.name.toLowerCase().includes(q)),
  )
  const readers = new Set(
    await usersWhoMayRead(db, {
      userIds: staff.map((c) => c.id),
      businessId: options.businessId,
      readers: options.readers,
      membersRead: false,
    }),
  )
  return staff.filter((c) => readers.has(c.id)).slice(0, options.limit ?? 10)
}

export interface MentionResolution {
  /** Mentioned colleagues who may read the business: to be notified. */
  readers: Colleague[]
  /** Handles that name nobody, more than one person, or someone who may not read the business: nobody is told. */
  unresolved: { handle: string; reason: 'NOT_A_READER' | 'UNKNOWN' | 'AMBIGUOUS' }[]
}

/** The `@handles` of a comment, resolved to staff users who may read the business (the author left out). */
export async function resolveMentions(
  db: Executor,
  options: { businessId: string; text: string; readers: readonly Permission[]; authorId: string },
): Promise<MentionResolution> {
  const handles = mentionedHandles(options.text)
  if (!handles.length) return { readers: [], unresolved: [] }
  const byHandle = new Map<string, Colleague[]>()
  for (const c of await activeStaff(db)) byHandle.set(c.handle, [...(byHandle.get(c.handle) ?? []), c])
  const named = new Map<string, Colleague>()
  const unresolved: MentionResolution['unresolved'] = []
  for (const handle of handles) {
    const matches = byHandle.get(handle) ?? []
    if (matches.length === 1) named.set(handle, matches[0]!)
    else unresolved.push({ handle, reason: matches.length ? 'AMBIGUOUS' : 'UNKNOWN' })
  }
  const mayRead = new Set(
    await usersWhoMayRead(db, {
      userIds: [...named.values()].map((c) => c.id),
      businessId: options.businessId,
      readers: options.readers,
      membersRead: false,
    }),
  )
  const readers: Colleague[] = []
  for (const [handle, colleague] of named) {
    if (colleague.id === options.authorId) continue
    if (mayRead.has(colleague.id)) readers.push(colleague)
    else unresolved.push({ handle, reason: 'NOT_A_READER' })
  }
  return { readers, unresolved }
}
