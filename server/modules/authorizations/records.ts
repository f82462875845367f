import { createHash } from 'node:crypto'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { AuthorizationResource } from '@/lib/contracts/authorization-values'
import type { DiffEntry } from '@/lib/contracts/authorizations'
import { canonicalJson } from '@/server/audit/chain'
import type { Executor } from '@/server/db/client'
import { authorizations, permissions, rolePermissions, roles, userRoles, users } from '@/server/db/schema'

/** The PENDING authorization of each of these roles or users that has one (at most one each): record id → its id. */
export async function pendingAuthorizationIds(db: Executor, resource: AuthorizationResource, ids: string[]) {
  const rows = await db
    .select({ resourceId: authorizations.resourceId, id: authorizations.id })
    .from(authorizations)
    .where(
      and(eq(authorizations.status, 'PENDING'), eq(authorizations.resource, resource), inArray(authorizations.resourceId, ids)),
    )
  return new Map(rows.map((r) => [r.resourceId, r.id]))
}

/** What an authorization compares and shows of a role: never its id or timestamps. */
export type RoleSnapshot = {
  name: string
  description: string | null
  scope: 'staff' | 'business'
  permissions: string[]
}

/** What an authorization compares and shows of a staff user. */
export type UserSnapshot = {
  email: string
  firstName: string
  lastName: string
  status: string
  roles: string[]
}

/**
 * What an authorization compares and shows of a record: readable values only (text, lists of text), never ids or
 * timestamps, so the diff reads as the screens would say it and the hash changes only when the record does.
 */
export type Snapshot = Record<string, SnapshotValue>
export type SnapshotValue = string | string[] | null

/** The hash an approval re-checks: the record must be exactly as it was when the change was requested. */
export function snapshotHash(snapshot: Snapshot): string {
  return createHash('sha256').update(canonicalJson(snapshot)).digest('hex')
}

/** The role as it stands; `lock` holds its row until the transaction ends (an approval applying a change). */
export async function findRoleSnapshot(db: Executor, roleId: string, lock = false): Promise<RoleSnapshot | null> {
  const query = db
    .select({ name: roles.name, description: roles.description, scope: roles.scope })
    .from(roles)
    .where(eq(roles.id, roleId))
  const [role] = lock ? await query.for('update') : await query
  if (!role) return null
  const held = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.name))
  return { ...role, permissions: held.map((p) => p.name) }
}

export async function findUserSnapshot(db: Executor, userId: string, lock = false): Promise<UserSnapshot | null> {
  const query = db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
  const [user] = lock ? await query.for('update') : await query
  if (!user) return null
  const held = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.name))
  return { ...user, roles: held.map((r) => r.name) }
}

/** Role ids to names (sorted); unknown ids are left out, so callers check the count when it matters. */
export async function roleNamesOf(db: Executor, roleIds: readonly string[]): Promise<string[]> {
  if (!roleIds.length) return []
  const rows = await db
    .select({ name: roles.name })
    .from(roles)
    .where(inArray(roles.id, [...roleIds]))
  return rows.map((r) => r.name).sort()
}

type Value = SnapshotValue

/**
 * Field by field, what the change does to the record: every field the proposal sets, with its value before (null
 * for a create) and after; lists also say what is added and removed. Unchanged fields are left out.
 */
export function diffSnapshots(before: Snapshot | null, after: Snapshot, labels: Record<string, string>): DiffEntry[] {
  const entries: DiffEntry[] = []
  for (const [field, next] of Object.entries(after) as [string, Value][]) {
    const previous = before ? ((before as unknown as Record<string, Value>)[field] ?? null) : null
    if (Array.isArray(next)) {
      const was = Array.isArray(previous) ? previous : []
      const added = next.filter((v) => !was.includes(v))
      const removed = was.filter((v) => !next.includes(v))
      if (before && !added.length && !removed.length) continue
      entries.push({ field, label: labels[field] ?? field, before: before ? was : null, after: next, added, removed })
    } else {
      if (before && previous === next) continue
      entries.push({ field, label: labels[field] ?? field, before: previous, after: next ?? null, added: [], removed: [] })
    }
  }
  return entries
}
