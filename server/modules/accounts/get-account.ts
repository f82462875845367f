import { and, eq } from 'drizzle-orm'
import type { Account, UserProfile } from '@/lib/contracts/accounts'
import type { Executor } from '@/server/db/client'
import { roles, userRoles, users } from '@/server/db/schema'
import { notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getPreferences } from './preferences'

export async function getAccount(options: { db: Executor; actor: Actor }): Promise<Account> {
  const { db, actor } = options
  const [user, staffRoles] = await Promise.all([
    db.query.users.findFirst({ where: eq(users.id, actor.userId) }),
    db
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, and(eq(roles.id, userRoles.roleId), eq(roles.scope, 'staff')))
      .where(eq(userRoles.userId, actor.userId)),
  ])
  if (!user) throw notFound('User')
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    status: user.status,
    isStaff: actor.isStaff,
    iswStaff: actor.iswStaff,
    createdAt: user.createdAt.toISOString(),
    staffRoles: staffRoles.map((r) => r.name).sort(),
    businesses: actor.memberships.map((m) => ({
      businessId: m.businessId,
      role: m.role,
      permissions: [...m.permissions].sort(),
    })),
  }
}

export function getPermissionNames(actor: Actor): { name: string }[] {
  return [...actor.permissions].sort().map((name) => ({ name }))
}

export async function getUserProfile(options: { db: Executor; actor: Actor }): Promise<UserProfile> {
  const [account, preferences] = await Promise.all([getAccount(options), getPreferences(options)])
  return { ...account, permissions: [...options.actor.permissions].sort(), preferences }
}
