import type { ReactNode } from 'react'
import { Skeleton } from '@/components/ui/skeleton'
import { StatusPage } from './status-page'

export const FORBIDDEN_TITLE = 'You do not have access to this page'

export interface RequirePermissionProps {
  /** The permission names the user holds; undefined while they load (a skeleton shows). */
  permissions: readonly string[] | undefined
  /** Every one of these is needed (all-of). */
  required?: readonly string[]
  /** At least one of these is needed. */
  anyOf?: readonly string[]
  /** A custom rule (e.g. `canEditKyc` from lib/permissions); gets the held names. */
  check?: (held: ReadonlySet<string>) => boolean
  /** Where the 403's home link goes; `/` by default. */
  homeHref?: string
  /** Shown instead of the 403 content. */
  fallback?: ReactNode
  children: ReactNode
}

/**
 * True when `held` satisfies every condition given: all of `required`, one of `anyOf` (when not empty), and
 * `check`. With no condition at all, true.
 */
export function isPermitted(
  held: Iterable<string>,
  { required, anyOf, check }: Pick<RequirePermissionProps, 'required' | 'anyOf' | 'check'>,
): boolean {
  const set: ReadonlySet<string> = held instanceof Set ? held : new Set(held)
  if (required && !required.every((name) => set.has(name))) return false
  if (anyOf && anyOf.length > 0 && !anyOf.some((name) => set.has(name))) return false
  if (check && !check(set)) return false
  return true
}

/**
 * Renders `children` when the user holds the permissions asked for, else the 403 content ('You do not have access
 * to this page' and a link home). The API checks every call anyway: this only spares the user a page that
 * cannot work for them.
 */
export function RequirePermission({
  permissions,
  required,
  anyOf,
  check,
  homeHref = '/',
  fallback,
  children,
}: RequirePermissionProps) {
  if (!permissions) return <Skeleton count={3} label="Checking your access" />
  if (isPermitted(permissions, { required, anyOf, check })) return <>{children}</>
  if (fallback !== undefined) return <>{fallback}</>
  return (
    <StatusPage
      code={403}
      title={FORBIDDEN_TITLE}
      message="Your account does not have the permission this page needs. If you think it should, ask your administrator."
      homeHref={homeHref}
      headingLevel={2}
    />
  )
}
