import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businessUsers, roles, users } from '@/server/db/schema'

export interface OwnerContact {
  businessId: string
  email: string
  firstName: string
}

/** The active owners of these businesses, to e-mail decisions and reminders to (invited owners included; disabled accounts left out). */
export async function findOwnerContacts(db: Executor, businessIds: readonly string[]): Promise<OwnerContact[]> {
  if (!businessIds.length) return []
  return db
    .select({ businessId: businessUsers.businessId, email: users.email, firstName: users.firstName })
    .from(businessUsers)
    .innerJoin(users, eq(users.id, businessUsers.userId))
    .innerJoin(roles, eq(roles.id, businessUsers.roleId))
    .where(
      and(
        inArray(businessUsers.businessId, [...businessIds]),
        eq(roles.name, 'BUSINESS_OWNER'),
        eq(businessUsers.isActive, true),
        ne(users.status, 'DISABLED'),
      ),
    )
}
