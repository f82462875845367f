import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { FACTOR_REQUIREMENTS } from '@/lib/contracts/factors'
import { holdsStaffPermission } from '@/lib/permissions/checks'
import { STAFF_PERMISSION_NAMES } from '@/server/auth/load-actor'
import type { Executor } from '@/server/db/client'
import { userFactors, users } from '@/server/db/schema'

export type FactorRequirement = (typeof FACTOR_REQUIREMENTS)[number] | null

/**
 * Why this user must hold a second factor, or null when it is their choice (docs/security.md#second-factors): staff
 * when STAFF_MFA is `required` (production's default); anyone whose factors an administrator reset; the users of a
 * business whose owner requires one.
 */
export async function factorRequirement(db: Executor, userId: string): Promise<FactorRequirement> {
  const [row] = await db
    .select({
      resetPending: users.factorEnrolmentRequired,
      staffPermissions: STAFF_PERMISSION_NAMES,
      businessRequires: sql<boolean>`EXISTS (
        SELECT 1 FROM business_users bu JOIN businesses b ON b.id = bu.business_id
        WHERE bu.user_id = "users"."id" AND bu.is_active AND b.require_factor)`,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!row) return null
  if (row.resetPending) return 'RESET'
  if (getConfig().staffFactorRequired && holdsStaffPermission(row.staffPermissions)) return 'STAFF_POLICY'
  if (row.businessRequires) return 'BUSINESS_POLICY'
  return null
}

/** The user's confirmed factors, oldest first. */
export function confirmedFactors(db: Executor, userId: string) {
  return db
    .select()
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), isNotNull(userFactors.confirmedAt)))
    .orderBy(userFactors.createdAt)
}
