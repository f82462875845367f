import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm'
import type { PermissionList, RoleCreateInput, RoleListQuery, RoleRecord, RoleUpdateInput } from '@/lib/contracts/authorizations'
import { roleCreateSchema, roleUpdateSchema } from '@/lib/contracts/authorizations'
import { AREA_ORDER, describePermission, permissionArea, permissionScope } from '@/lib/permissions/areas'
import { BUSINESS_ROLE_ALLOWED_PERMISSIONS, PERMISSIONS } from '@/lib/permissions/names'
import { SYSTEM_ROLES } from '@/lib/permissions/roles'
import type { Database, Tx } from '@/server/db/client'
import { permissions, rolePermissions, roles, userRoles } from '@/server/db/schema'
import { containsIgnoringCase } from '@/server/db/text-search'
import { AppError, notFound } from '@/server/http/app-error'
import type { RoleProposal } from './proposals'
import { findRoleSnapshot, pendingAuthorizationIds, type RoleSnapshot } from './records'
import { requestChange, requestCreation, type ChangeRequestArgs, type RequestArgs } from './request-authorization'
import { holdsRole } from './role-writes'

export const ROLE_READERS = [PERMISSIONS.CAN_READ_ROLE] as const
export const PERMISSION_READERS = [PERMISSIONS.CAN_READ_PERMISSION, PERMISSIONS.CAN_READ_ROLE] as const
export const ROLE_CREATORS = [PERMISSIONS.CAN_CREATE_ROLE] as const
export const ROLE_UPDATERS = [PERMISSIONS.CAN_UPDATE_ROLE] as const

/** `GET /permissions`: every permission with its description, area and scope, and the same grouped by area. */
export async function findPermissions(options: { db: Database }): Promise<PermissionList> {
  const rows = await options.db
    .select({ name: permissions.name, description: permissions.description })
    .from(permissions)
    .orderBy(asc(permissions.name))
  const list = rows.map((p) => ({
    name: p.name,
    description: p.description ?? describePermission(p.name),
    area: permissionArea(p.name),
    scope: permissionScope(p.name),
  }))
  const areas = AREA_ORDER.map((area) => ({ area, permissions: list.filter((p) => p.area === area) })).filter(
    (a) => a.permissions.length,
  )
  return { permissions: list, areas }
}

/** `GET /roles`: every role (filtered by scope and a name/description search), each with its permissions. */
export async function findRoles(options: { db: Database; query: RoleListQuery }): Promise<RoleRecord[]> {
  const { db, query } = options
  const conditions = [
    query.scope ? eq(roles.scope, query.scope) : undefined,
    query.search
      ? or(containsIgnoringCase(roles.name, query.search), containsIgnoringCase(roles.description, query.search))
      : undefined,
  ].filter((c) => c !== undefined)
  const rows = await db
    .select()
    .from(roles)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(roles.name))
  return toRoleRecords(db, rows)
}

export async function getRole(options: { db: Database; id: string }): Promise<RoleRecord> {
  const [row] = await options.db.select().from(roles).where(eq(roles.id, options.id))
  if (!row) throw notFound('Role')
  return (await toRoleRecords(options.db, [row]))[0]!
}

async function toRoleRecords(db: Database, rows: (typeof roles.$inferSelect)[]): Promise<RoleRecord[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [held, holders, pending] = await Promise.all([
    db
      .select({ roleId: rolePermissions.roleId, name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, ids))
      .orderBy(asc(permissions.name)),
    db
      .select({ roleId: userRoles.roleId, value: count() })
      .from(userRoles)
      .where(inArray(userRoles.roleId, ids))
      .groupBy(userRoles.roleId),
    pendingAuthorizationIds(db, 'role', ids),
  ])
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    scope: r.scope,
    isSystem: r.isSystem,
    permissions: held.filter((p) => p.roleId === r.id).map((p) => p.name),
    userCount: holders.find((h) => h.roleId === r.id)?.value ?? 0,
    pendingAuthorizationId: pending.get(r.id) ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }))
}

const isSystemRoleName = (name: string) => SYSTEM_ROLES.some((r) => r.name.toUpperCase() === name.trim().toUpperCase())

function assertScopeAllows(scope: 'staff' | 'business', names: readonly string[]) {
  if (scope !== 'business') return
  const outside = names.filter((p) => !(BUSINESS_ROLE_ALLOWED_PERMISSIONS as readonly string[]).includes(p))
  if (outside.length)
    throw new AppError('VALIDATION_FAILED', `A business role cannot hold ${outside.join(', ')}`, { field: 'permissions' })
}

async function assertNameFree(db: Database | Tx, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = ${name.toLowerCase()}`)
  if (taken && taken.id !== exceptId) throw new AppError('CONFLICT', `A role named ${name} already exists`, { field: 'name' })
}

/** `POST /roles` (docs/domain.md#authorizations): a PENDING authorization for the new role; nothing is created yet. */
export async function requestRoleCreate(options: RequestArgs<RoleCreateInput>) {
  const input = roleCreateSchema.parse(options.input)
  if (isSystemRoleName(input.name)) throw new AppError('CONFLICT', `${input.name} is a system role's name`, { field: 'name' })
  assertScopeAllows(input.scope, input.permissions)
  await assertNameFree(options.db, input.name)
  const proposal: RoleProposal = {
    name: input.name,
    description: input.description || null,
    scope: input.scope,
    permissions: [...new Set(input.permissions)].sort(),
  }
  return requestCreation(options, {
    type: 'ROLE_CREATE',
    resource: 'role',
    targetKey: `role-name:${input.name.toUpperCase()}`,
    target: input.name,
    proposal,
  })
}

/**
 * `PUT /roles/{id}?reason=`: a PENDING authorization for the change. A system role keeps its name and permissions
 * (the seed keeps them as lib/permissions/roles.ts says; only the description may change); nobody adds permissions to a
 * role they hold themselves.
 */
export async function requestRoleUpdate(options: ChangeRequestArgs<RoleUpdateInput>) {
  const { db, actor } = options
  const input = roleUpdateSchema.parse(options.input)
  const [role] = await db.select().from(roles).where(eq(roles.id, options.id))
  if (!role) throw notFound('Role')
  const before = (await findRoleSnapshot(db, role.id))!
  const wanted = [...new Set(input.permissions)].sort()
  if (role.isSystem) {
    if (input.name !== role.name) throw new AppError('VALIDATION_FAILED', 'A system role cannot be renamed', { field: 'name' })
    if (wanted.join() !== before.permissions.join())
      throw new AppError('VALIDATION_FAILED', "A system role's permissions are fixed; only its description can change", {
        field: 'permissions',
      })
  } else if (isSystemRoleName(input.name)) {
    throw new AppError('CONFLICT', `${input.name} is a system role's name`, { field: 'name' })
  }
  assertScopeAllows(role.scope, wanted)
  await assertNameFree(db, input.name, role.id)
  const proposal: RoleProposal = { name: input.name, description: input.description || null, permissions: wanted }
  if (sameRole(before, proposal)) throw new AppError('VALIDATION_FAILED', 'This changes nothing', { field: 'permissions' })
  const adds = wanted.some((p) => !before.permissions.includes(p))
  if (adds && (await holdsRole(db, actor.userId, role.id)))
    throw new AppError('FORBIDDEN', 'You hold this role, so you cannot add permissions to it: ask another administrator')
  return requestChange(options, {
    type: 'ROLE_UPDATE',
    resource: 'role',
    resourceId: role.id,
    target: role.name,
    proposal,
    before,
  })
}

const sameRole = (before: RoleSnapshot, p: RoleProposal) =>
  before.name === p.name && (before.description ?? null) === p.description && before.permissions.join() === p.permissions.join()
