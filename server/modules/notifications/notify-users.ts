import { and, eq, exists, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { NotificationKind, NotificationTarget } from '@/lib/contracts/notification-values'
import type { Permission } from '@/lib/permissions/names'
import type { Executor, Tx } from '@/server/db/client'
import {
  businessUsers,
  notifications,
  notificationSettings,
  permissions,
  rolePermissions,
  roles,
  userRoles,
  users,
} from '@/server/db/schema'

/** Holds one of these permissions through a staff role (correlated on `users`). */
function holdsStaffPermission(readers: readonly Permission[]): SQL {
  if (!readers.length) return sql`false`
  return exists(
    sql`(select 1 from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.scope} = 'staff'
      join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id}
      join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
      where ${userRoles.userId} = ${users.id} and ${inArray(permissions.name, [...readers])})`,
  )
}

/** An active member of the business (correlated on `users`). */
const isMemberOf = (businessId: string): SQL =>
  exists(
    sql`(select 1 from ${businessUsers} where ${businessUsers.userId} = ${users.id}
      and ${businessUsers.businessId} = ${businessId} and ${businessUsers.isActive})`,
  )

/** Who may read the business now (docs/notifications.md#scoping), correlated on `users`; undefined: everyone. */
function readersOf(options: { businessId?: string | null; readers: readonly Permission[]; membersRead?: boolean }) {
  if (!options.businessId) return undefined
  return (options.membersRead ?? true)
    ? sql`(${holdsStaffPermission(options.readers)} or ${isMemberOf(options.businessId)})`
    : holdsStaffPermission(options.readers)
}

/**
 * Of `userIds`, the active users who may read the business now (docs/notifications.md#scoping): staff holding one of
 * `readers` through a staff role, or active members of the business (unless `membersRead` is false: a staff-only
 * thread). Without a business: every active user.
 */
export async function usersWhoMayRead(
  db: Executor,
  options: { userIds: readonly string[]; businessId?: string | null; readers: readonly Permission[]; membersRead?: boolean },
): Promise<string[]> {
  if (!options.userIds.length) return []
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, [...new Set(options.userIds)]), eq(users.status, 'ACTIVE'), readersOf(options)))
  return rows.map((r) => r.id)
}

/** Active users holding any of these permissions through a staff role (the recipients of a queue's news). */
export async function staffHolding(db: Executor, anyOf: readonly Permission[]): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'ACTIVE'), holdsStaffPermission(anyOf)))
  return rows.map((r) => r.id)
}

export interface NotifyUsersInput {
  /**
   * Who should hear of it; anyone who may not read `businessId` is left out (and named in the answer). `members`: the
   * business's active members, whoever they are when it is written.
   */
  userIds: readonly string[] | 'members'
  kind: NotificationKind
  /** The business it concerns, if any: the scoping rule applies to it. */
  businessId?: string | null
  /** Staff permissions any of which lets a reader read the business (members read it anyway). */
  readers: readonly Permission[]
  /** Whether the business's own members may read it (false for what only staff see: the review's comment thread). */
  membersRead?: boolean
  /** One line, in words, without personal data beyond names the portal shows its readers. */
  title: string
  /** A short excerpt shown in the portal only (never mailed). */
  body?: string | null
  target: { type: NotificationTarget; id: string }
  /** Who caused it: never told about their own act. */
  actorId?: string | null
  /** The same key reaches a user once, however often it is sent (an escalation, say). */
  dedupeKey?: string
  now?: Date
}

export interface NotifyUsersResult {
  notified: string[]
  /** Asked for but not told: they may not read the business (or are not active). */
  refused: string[]
}

const BODY_MAX = 280

/**
 * Writes one notification per recipient in the caller's transaction (docs/notifications.md#scoping): only for users
 * who may read its business now; marks it for the next e-mail digest when the recipient chose its kind.
 */
export async function notifyUsers(tx: Tx, input: NotifyUsersInput): Promise<NotifyUsersResult> {
  const members = input.userIds === 'members'
  if (members && !input.businessId) throw new Error('Notifying the members needs the business')
  const asked = members ? [] : [...new Set(input.userIds)].filter((id) => id !== input.actorId)
  if (!members && !asked.length) return { notified: [], refused: [] }
  // Who may read it and who chose this kind by e-mail, in one read.
  const recipients = await tx
    .select({
      id: users.id,
      byMail: sql<boolean>`coalesce(${input.kind} = any(${notificationSettings.emailKinds}), false)`,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(
      and(
        members
          ? and(isMemberOf(input.businessId!), input.actorId ? ne(users.id, input.actorId) : undefined)
          : inArray(users.id, asked),
        eq(users.status, 'ACTIVE'),
        readersOf(input),
      ),
    )
  const allowed = recipients.map((r) => r.id)
  const refused = asked.filter((id) => !allowed.includes(id))
  if (!allowed.length) return { notified: [], refused }
  const byMail = new Set(recipients.filter((r) => r.byMail).map((r) => r.id))
  const body = input.body ? (input.body.length > BODY_MAX ? `${input.body.slice(0, BODY_MAX - 1)}…` : input.body) : null
  const inserted = await tx
    .insert(notifications)
    .values(
      allowed.map((userId) => ({
        userId,
        kind: input.kind,
        businessId: input.businessId ?? null,
        readPermissions: [...input.readers],
        membersRead: input.membersRead ?? true,
        title: input.title,
        body,
        targetType: input.target.type,
        targetId: input.target.id,
        actorId: input.actorId ?? null,
        dedupeKey: input.dedupeKey ?? null,
        mailPending: byMail.has(userId),
        createdAt: input.now ?? new Date(),
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: notifications.userId })
  return { notified: inserted.map((r) => r.userId), refused }
}
