import { eq, sql } from 'drizzle-orm'
import { holdsStaffPermission, isPermission, type Permission } from '@/lib/permissions'
import type { Executor } from '@/server/db/client'
import { sessions, users } from '@/server/db/schema'
import type { Actor, BusinessMembership } from '@/server/http/context'
import { liveSessionCondition } from './sessions'
import type { AccessTokenClaims } from './tokens'

/** Names of the permissions a role holds, as a text[] (correlated on the `roles` alias `r`). */
const ROLE_PERMISSION_NAMES = sql`
  SELECT coalesce(array_agg(p.name), '{}') FROM role_permissions rp
  JOIN permissions p ON p.id = rp.permission_id WHERE rp.role_id = r.id`

/**
 * The actor for a verified token, or null when its session is revoked or expired or the user is not active.
 * One round trip: this runs on every authenticated request.
 */
export async function loadActor(db: Executor, claims: AccessTokenClaims): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      iswStaff: users.iswStaff,
      staffPermissions: sql<string[]>`(
        SELECT coalesce(array_agg(DISTINCT p.name), '{}') FROM user_roles ur
        JOIN roles r ON r.id = ur.role_id AND r.scope = 'staff'
        JOIN role_permissions rp ON rp.role_id = r.id
        JOIN permissions p ON p.id = rp.permission_id
        WHERE ur.user_id = ${users.id})`,
      memberships: sql<{ businessId: string; role: string; permissions: string[] }[]>`(
        SELECT coalesce(json_agg(json_build_object('businessId', bu.business_id, 'role', r.name, 'permissions', (${ROLE_PERMISSION_NAMES}))), '[]')
        FROM business_users bu JOIN roles r ON r.id = bu.role_id
        WHERE bu.user_id = ${users.id} AND bu.is_active)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSessionCondition(claims.sessionId, claims.userId))
  if (!row) return null

  const staffPermissions = new Set(row.staffPermissions.filter(isPermission))
  const memberships: BusinessMembership[] = row.memberships.map((m) => ({
    businessId: m.businessId,
    role: m.role,
    permissions: new Set(m.permissions.filter(isPermission)),
  }))
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
