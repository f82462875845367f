import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm'
import type { BusinessUser } from '@/lib/contracts/businesses'
import type { PageQuery } from '@/lib/contracts/pagination'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { businesses, businessUsers, roles, users } from '@/server/db/schema'
import { escapeLike } from '@/server/db/text-search'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { assertBusinessAccess } from '@/server/http/scope'

const columns = {
  id: businessUsers.id,
  businessId: businessUsers.businessId,
  userId: businessUsers.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: roles.name,
  isActive: businessUsers.isActive,
  status: users.status,
  createdAt: businessUsers.createdAt,
}

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] }
const toBusinessUser = (r: Row): BusinessUser => ({ ...r, createdAt: r.createdAt.toISOString() })

function baseQuery(db: Executor) {
  return db
    .select(columns)
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
}

const countQuery = (db: Executor, where: SQL | undefined) =>
  db.select({ value: count() }).from(businessUsers).innerJoin(users, eq(users.id, businessUsers.userId)).where(where)

const searchCondition = (searchKey?: string): SQL | undefined => {
  if (!searchKey) return undefined
  const like = `%${escapeLike(searchKey)}%`
  return or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like))
}

export async function getBusinessUser(options: { db: Executor; membershipId: string }): Promise<BusinessUser> {
  const [row] = await baseQuery(options.db).where(eq(businessUsers.id, options.membershipId))
  if (!row) throw new AppError('NOT_FOUND', 'Business user not found')
  return toBusinessUser(row)
}

/** What a business's user list and its changes need, in that business (or as staff). */
export const USERS_READ = PERMISSIONS.CAN_READ_BUSINESS_USERS
export const USERS_UPDATE = PERMISSIONS.CAN_UPDATE_BUSINESS_USERS
export const USERS_REMOVE = PERMISSIONS.CAN_DELETE_BUSINESS_USER

/** The users of one business (members with CAN_READ_BUSINESS_USERS there, or staff). */
export async function findBusinessUsers(options: {
  db: Executor
  actor: Actor
  businessId: string
  query: PageQuery & { searchKey?: string }
}) {
  assertBusinessAccess(options.actor, options.businessId, USERS_READ)
  const where = and(eq(businessUsers.businessId, options.businessId), searchCondition(options.query.searchKey))
  return findPage({
    query: options.query,
    rows: baseQuery(options.db).where(where).orderBy(asc(users.firstName), asc(users.lastName)),
    count: () => countQuery(options.db, where),
    content: (rows) => rows.map(toBusinessUser),
  })
}

/** Staff: every business user across businesses, newest first, with search. */
export async function findAllBusinessUsers(options: { db: Executor; query: PageQuery & { searchKey?: string } }) {
  const where = searchCondition(options.query.searchKey)
  return findPage({
    query: options.query,
    rows: baseQuery(options.db)
      .where(where)
      .orderBy(options.query.recentFirst ? desc(businessUsers.createdAt) : asc(businessUsers.createdAt)),
    count: () => countQuery(options.db, where),
    content: (rows) => rows.map(toBusinessUser),
  })
}

/** Staff: one business user with the business it belongs to. */
export async function getBusinessUserDetails(options: { db: Executor; membershipId: string }) {
  const user = await getBusinessUser(options)
  const [business] = await options.db
    .select({ id: businesses.id, name: businesses.name, regNo: businesses.regNo, approvalStatus: businesses.approvalStatus })
    .from(businesses)
    .where(eq(businesses.id, user.businessId))
  return { ...user, business: business! }
}

async function membershipOrThrow(
  db: Executor,
  actor: Actor,
  membershipId: string,
  permission: (typeof PERMISSIONS)[keyof typeof PERMISSIONS],
) {
  const [membership] = await db
    .select({
      id: businessUsers.id,
      businessId: businessUsers.businessId,
      userId: businessUsers.userId,
      role: roles.name,
      isActive: businessUsers.isActive,
    })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(eq(businessUsers.id, membershipId))
  if (!membership) throw new AppError('NOT_FOUND', 'Business user not found')
  assertBusinessAccess(actor, membership.businessId, permission)
  return membership
}

/** Locks the business's owner rows and refuses when the change would leave it without an active owner. */
async function assertAnotherActiveOwner(tx: Executor, businessId: string, exceptMembershipId: string) {
  const owners = await tx
    .select({ id: businessUsers.id })
    .from(businessUsers)
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(
      and(
        eq(businessUsers.businessId, businessId),
        eq(roles.name, 'BUSINESS_OWNER'),
        eq(businessUsers.isActive, true),
        ne(businessUsers.id, exceptMembershipId),
      ),
    )
    .for('update', { of: businessUsers })
  if (!owners.length)
    throw new AppError('CONFLICT', 'A business must keep at least one active owner. Make someone else an owner first.')
}

export async function updateBusinessUser(options: {
  db: Database
  actor: Actor
  membershipId: string
  input: { role?: 'BUSINESS_OWNER' | 'BUSINESS_MEMBER'; isActive?: boolean }
  audit: AuditContext
}) {
  const { db, actor, input } = options
  const membership = await membershipOrThrow(db, actor, options.membershipId, USERS_UPDATE)
  await db.transaction(async (tx) => {
    const losesOwnership =
      membership.role === 'BUSINESS_OWNER' && ((input.role && input.role !== 'BUSINESS_OWNER') || input.isActive === false)
    if (losesOwnership) await assertAnotherActiveOwner(tx, membership.businessId, membership.id)
    const roleId = input.role
      ? (await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, input.role)))[0]!.id
      : undefined
    await tx
      .update(businessUsers)
      .set({ ...(roleId ? { roleId } : {}), ...(input.isActive !== undefined ? { isActive: input.isActive } : {}) })
      .where(eq(businessUsers.id, membership.id))
    await appendAudit(tx, options.audit, {
      resource: 'business_user',
      resourceId: membership.id,
      action: 'UPDATE',
      before: { role: membership.role, isActive: membership.isActive },
      after: { role: input.role ?? membership.role, isActive: input.isActive ?? membership.isActive },
    })
  })
  return getBusinessUser({ db, membershipId: membership.id })
}

export async function removeBusinessUser(options: { db: Database; actor: Actor; membershipId: string; audit: AuditContext }) {
  const { db, actor } = options
  const membership = await membershipOrThrow(db, actor, options.membershipId, USERS_REMOVE)
  await db.transaction(async (tx) => {
    if (membership.role === 'BUSINESS_OWNER') await assertAnotherActiveOwner(tx, membership.businessId, membership.id)
    await tx.delete(businessUsers).where(eq(businessUsers.id, membership.id))
    await appendAudit(tx, options.audit, {
      resource: 'business_user',
      resourceId: membership.id,
      action: 'REMOVE',
      before: membership,
    })
  })
}
