import { and, eq, inArray } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Tx } from '@/server/db/client'
import { permissions, rolePermissions, roles, userRoles } from '@/server/db/schema'
import type { RoleProposal } from './proposals'
import { findRoleSnapshot, type RoleSnapshot } from './records'

/** Writes of an approved role change (kinds/roles.ts), apart from the requests (roles.ts) so neither imports the other. */

export async function holdsRole(db: Database | Tx, userId: string, roleId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
  return !!row
}

async function permissionIds(tx: Tx, names: readonly string[]) {
  const rows = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]))
  return rows.map((r) => r.id)
}

/** Applies an approved ROLE_CREATE inside the decision's transaction; returns the new role's id. */
export async function applyRoleCreate(tx: Tx, audit: AuditContext, proposal: RoleProposal, actors: Record<string, string>) {
  const [role] = await tx
    .insert(roles)
    .values({ name: proposal.name, description: proposal.description, scope: proposal.scope ?? 'staff' })
    .returning()
  const ids = await permissionIds(tx, proposal.permissions)
  if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role!.id, permissionId })))
  const after = await findRoleSnapshot(tx, role!.id)
  await appendAudit(tx, audit, { resource: 'role', resourceId: role!.id, action: 'CREATE', after: { ...after, ...actors } })
  return role!.id
}

/** Applies an approved ROLE_UPDATE inside the decision's transaction (the caller has locked and re-checked the role). */
export async function applyRoleUpdate(
  tx: Tx,
  audit: AuditContext,
  roleId: string,
  before: RoleSnapshot,
  proposal: RoleProposal,
  actors: Record<string, string>,
) {
  await tx
    .update(roles)
    .set({ name: proposal.name, description: proposal.description, updatedAt: new Date() })
    .where(eq(roles.id, roleId))
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  const ids = await permissionIds(tx, proposal.permissions)
  if (ids.length) await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })))
  const after = await findRoleSnapshot(tx, roleId)
  await appendAudit(tx, audit, { resource: 'role', resourceId: roleId, action: 'UPDATE', before, after: { ...after, ...actors } })
}
