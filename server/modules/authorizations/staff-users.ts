import { and, asc, count, desc, eq, exists, inArray, like, or, sql } from 'drizzle-orm'
import type { StaffUser, StaffUserCreateInput, StaffUserListQuery, StaffUserUpdateInput } from '@/lib/contracts/authorizations'
import { staffUserCreateSchema, staffUserUpdateSchema } from '@/lib/contracts/authorizations'
import { PERMISSIONS } from '@/lib/permissions/names'
import type { Database, Executor } from '@/server/db/client'
import { roles, userRoles, users } from '@/server/db/schema'
import { containsIgnoringCase, containsPattern } from '@/server/db/text-search'
import { AppError, notFound } from '@/server/http/app-error'
import { findPage } from '@/server/http/pagination'
import type { UserCreateProposal, UserUpdateProposal } from './proposals'
import { findUserSnapshot, pendingAuthorizationIds, roleNamesOf } from './records'
import { requestChange, requestCreation, type ChangeRequestArgs, type RequestArgs } from './request-authorization'
import { assertNotLastSuperAdmin } from './user-writes'

export const USER_READERS = [PERMISSIONS.CAN_READ_USER] as const
export const USER_CREATORS = [PERMISSIONS.CAN_CREATE_USER] as const
export const USER_UPDATERS = [PERMISSIONS.CAN_UPDATE_USER] as const

/** Staff users are the users holding at least one staff role (`user_roles`). */
const holdsAStaffRole = (roleId?: string) =>
  exists(
    sql`(SELECT 1 FROM ${userRoles} WHERE ${userRoles.userId} = ${users.id}${roleId ? sql` AND ${userRoles.roleId} = ${roleId}` : sql``})`,
  )

/** `GET /users`: staff users, filtered by role, status and a name/e-mail search, a page at a time. */
export async function findStaffUsers(options: { db: Database; query: StaffUserListQuery }) {
  const { db } = options
  const { query } = options
  const where = and(
    holdsAStaffRole(query.role),
    query.status ? eq(users.status, query.status) : undefined,
    query.search ? or(containsIgnoringCase(users.email, query.search), nameContains(query.search)) : undefined,
  )
  return findPage({
    query,
    rows: db
      .select()
      .from(users)
      .where(where)
      .orderBy(query.recentFirst ? desc(users.createdAt) : asc(users.createdAt), asc(users.id)),
    count: () => db.select({ value: count() }).from(users).where(where),
    content: (rows) => toStaffUsers(db, rows),
  })
}

const nameContains = (text: string) => like(sql`lower(${users.firstName} || ' ' || ${users.lastName})`, containsPattern(text))

/** `GET /users/search?searchKey=`: up to 20 staff users whose name or e-mail contains the text. */
export async function searchStaffUsers(options: { db: Database; searchKey: string }) {
  const rows = await options.db
    .select()
    .from(users)
    .where(and(holdsAStaffRole(), or(containsIgnoringCase(users.email, options.searchKey), nameContains(options.searchKey))))
    .orderBy(asc(users.firstName), asc(users.lastName))
    .limit(20)
  return toStaffUsers(options.db, rows)
}

export async function getStaffUser(options: { db: Database; id: string }): Promise<StaffUser> {
  const [row] = await options.db
    .select()
    .from(users)
    .where(and(eq(users.id, options.id), holdsAStaffRole()))
  if (!row) throw notFound('Staff user')
  return (await toStaffUsers(options.db, [row]))[0]!
}

export async function getStaffUserEmail(options: { db: Database; id: string }) {
  const user = await getStaffUser(options)
  return { id: user.id, email: user.email }
}

async function toStaffUsers(db: Executor, rows: (typeof users.$inferSelect)[]): Promise<StaffUser[]> {
  if (!rows.length) return []
  const ids = rows.map((r) => r.id)
  const [held, pending] = await Promise.all([
    db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, ids))
      .orderBy(asc(roles.name)),
    pendingAuthorizationIds(db, 'user', ids),
  ])
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    status: u.status,
    roles: held.filter((r) => r.userId === u.id).map((r) => ({ id: r.id, name: r.name })),
    pendingAuthorizationId: pending.get(u.id) ?? null,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  }))
}

/** Every id must name a staff role (400 naming `roleIds` otherwise). */
async function assertStaffRoles(db: Executor, roleIds: readonly string[]) {
  const unique = [...new Set(roleIds)]
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, unique), eq(roles.scope, 'staff')))
  if (found.length !== unique.length)
    throw new AppError('VALIDATION_FAILED', 'Choose staff roles that exist', { field: 'roleIds' })
  return unique.sort()
}

/** `POST /users`: a PENDING authorization to invite a staff user; the account exists only once a checker approves. */
export async function requestUserCreate(options: RequestArgs<StaffUserCreateInput>) {
  const { db } = options
  const input = staffUserCreateSchema.parse(options.input)
  const roleIds = await assertStaffRoles(db, input.roleIds)
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email))
  if (existing) throw new AppError('CONFLICT', `${input.email} already has an account`, { field: 'email' })
  const proposal: UserCreateProposal = { email: input.email, firstName: input.firstName, lastName: input.lastName, roleIds }
  return requestCreation(options, {
    type: 'USER_CREATE',
    resource: 'user',
    targetKey: `user-email:${input.email}`,
    target: input.email,
    proposal,
  })
}

/**
 * `PUT /users/{id}?reason=`: a PENDING authorization to change a staff user's roles or status. Nobody changes their own
 * (a user cannot raise their own rights), and the last active SUPER_ADMIN keeps the role.
 */
export async function requestUserUpdate(options: ChangeRequestArgs<StaffUserUpdateInput>) {
  const { db, actor } = options
  const input = staffUserUpdateSchema.parse(options.input)
  const user = await getStaffUser({ db, id: options.id })
  if (user.id === actor.userId)
    throw new AppError('FORBIDDEN', 'You cannot change your own roles or status: ask another administrator')
  const roleIds = await assertStaffRoles(db, input.roleIds)
  const before = (await findUserSnapshot(db, user.id))!
  const roleNames = await roleNamesOf(db, roleIds)
  const statusAfter = input.status === 'DISABLED' ? 'DISABLED' : before.status === 'DISABLED' ? 'ACTIVE' : before.status
  if (roleNames.join() === before.roles.join() && statusAfter === before.status)
    throw new AppError('VALIDATION_FAILED', 'This changes nothing', { field: 'roleIds' })
  await assertNotLastSuperAdmin(db, user.id, { roles: roleNames, status: statusAfter })
  const proposal: UserUpdateProposal = { roleIds, status: input.status }
  return requestChange(options, {
    type: 'USER_UPDATE',
    resource: 'user',
    resourceId: user.id,
    target: user.email,
    proposal,
    before,
  })
}
