import { inArray, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Permission } from '@/lib/permissions/names'
import { AppError } from './app-error'
import type { Actor } from './context'
import { permissionRefused } from './refusals'

/**
 * Permissions say what; staff status says over whom. Staff see every business; anyone else only the
 * businesses they belong to. Returns the where-clause to add, or undefined for "no restriction".
 */
export function scopeToActorBusinesses(actor: Actor, businessIdColumn: AnyPgColumn): SQL | undefined {
  if (actor.isStaff) return undefined
  // drizzle's inArray of no ids is `false`: no business at all.
  return inArray(
    businessIdColumn,
    actor.memberships.map((m) => m.businessId),
  )
}

/** True when the actor may act on this business with this permission (staff: globally; others: in that business). */
export function canActOnBusiness(actor: Actor, businessId: string, permission?: Permission): boolean {
  if (actor.isStaff) return !permission || actor.staffPermissions.has(permission)
  const membership = actor.memberships.find((m) => m.businessId === businessId)
  return !!membership && (!permission || membership.permissions.has(permission))
}

/**
 * Object-level check for a business-owned record. Another business's record answers 404 (never 403), so its
 * existence is not revealed; a member lacking the permission inside their own business gets 403.
 */
export function assertBusinessAccess(actor: Actor, businessId: string, permission?: Permission): void {
  if (canActOnBusiness(actor, businessId, permission)) return
  const isMember = actor.memberships.some((m) => m.businessId === businessId)
  if (isMember || actor.isStaff) {
    if (!permission) throw new AppError('FORBIDDEN', 'You cannot do this')
    throw permissionRefused([permission], { scope: actor.isStaff ? 'staff' : 'business' })
  }
  throw new AppError('NOT_FOUND', 'Business not found')
}
