import { createMiddleware } from 'hono/factory'
import type { Permission } from '@/lib/permissions'
import { authenticate } from '@/server/http/auth'
import { AppError } from '@/server/http/app-error'
import type { Actor, AppEnv } from '@/server/http/context'

/** True when the actor is staff and holds one of these as a staff permission (not through a business membership). */
export function holdsStaffPermission(actor: Actor, ...anyOf: Permission[]): boolean {
  return actor.isStaff && anyOf.some((p) => actor.staffPermissions.has(p))
}

/** Staff only, holding at least one of the permissions (403 otherwise). */
export function assertStaffWithAny(actor: Actor, ...anyOf: Permission[]): void {
  if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff can do this')
  if (!holdsStaffPermission(actor, ...anyOf)) throw new AppError('FORBIDDEN', `You need the permission ${anyOf.join(' or ')} to do this`)
}

/** Route guard: staff holding any one of the permissions. */
export const requireStaffWithAny = (...anyOf: Permission[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    assertStaffWithAny(await authenticate(c), ...anyOf)
    await next()
  })

export const displayName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim()

/** Today's date (UTC) as `YYYY-MM-DD`, from an injectable clock. */
export const isoDay = (now: Date) => now.toISOString().slice(0, 10)

/** `YYYY-MM-DD` plus whole days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00.000Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return isoDay(date)
}
