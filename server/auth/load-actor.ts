import { and, eq, gt, isNull } from 'drizzle-orm'
import { holdsStaffPermission, isPermission, type Permission } from '@/lib/permissions'
import type { Executor } from '@/server/db/client'
import { businessUsers, permissions, rolePermissions, roles, sessions, userRoles, users } from '@/server/db/schema'
import type { Actor, BusinessMembership } from '@/server/http/context'
import type { AccessTokenClaims } from './tokens'

/** The actor for a verified token, or null when its session is revoked or expired or the user is not active. */
export async function loadActor(db: Executor, claims: AccessTokenClaims): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      iswStaff: users.iswStaff,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, claims.sessionId),
        eq(sessions.userId, claims.userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.status, 'ACTIVE'),
      ),
    )
  if (!row) return null

  const [staffRows, membershipRows] = await Promise.all([
    db
      .select({ name: permissions.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.scope, 'staff')))
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(userRoles.userId, row.userId)),
    db
      .select({ businessId: businessUsers.businessId, role: roles.name, permission: permissions.name })
      .from(businessUsers)
      .innerJoin(roles, eq(roles.id, businessUsers.roleId))
      .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
      .leftJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(and(eq(businessUsers.userId, row.userId), eq(businessUsers.isActive, true))),
  ])

  const staffPermissions = new Set(staffRows.map((r) => r.name).filter(isPermission))
  const byBusiness = new Map<string, { role: string; permissions: Set<Permission> }>()
  for (const m of membershipRows) {
    const entry = byBusiness.get(m.businessId) ?? { role: m.role, permissions: new Set<Permission>() }
    if (m.permission && isPermission(m.permission)) entry.permissions.add(m.permission)
    byBusiness.set(m.businessId, entry)
  }
  const memberships: BusinessMembership[] = [...byBusiness].map(([businessId, m]) => ({ businessId, ...m }))
  const all = new Set<Permission>(staffPermissions)
  for (const m of memberships) for (const p of m.permissions) all.add(p)

  return {
    userId: row.userId,
    sessionId: claims.sessionId,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    permissions: all,
    staffPermissions,
    memberships,
    isStaff: holdsStaffPermission(staffPermissions),
    iswStaff: row.iswStaff,
    tokenExpiresAt: claims.expiresAt,
  }
}
