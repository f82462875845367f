import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { businessUsers, roles, users } from '@/server/db/schema'
import { logger } from '@/server/logger'
import { sendMail } from './send-mail'
import type { RenderedMail } from './templates'

/**
 * Mails to a business's owners (decisions, failed verifications, due reminders), whichever module sends them. A
 * business with no owner yet (staff registered it and the invitation is open) gets them at its own address.
 */

export interface OwnerContact {
  businessId: string
  email: string
  firstName: string
}

/** The active owners of these businesses (invited owners included; disabled accounts left out). */
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

/** Where a business's owner mail goes: its owners' addresses (each once) among `owners`, else the business's own. */
export function ownerRecipients(owners: readonly OwnerContact[], business: { id: string; email: string }): string[] {
  const addresses = owners.filter((o) => o.businessId === business.id).map((o) => o.email)
  return [...new Set(addresses.length ? addresses : [business.email])]
}

/** E-mails the owners after a decision committed; a failed outbox write is logged and never undoes the decision. */
export async function notifyOwnersOfDecision(db: Executor, business: { id: string; email: string }, mail: RenderedMail) {
  try {
    const recipients = ownerRecipients(await findOwnerContacts(db, [business.id]), business)
    // Delivery failures stay in the outbox and are never thrown; only the outbox write can fail here.
    for (const to of recipients) await sendMail({ db, to, mail })
  } catch (error) {
    logger.error({ err: error, businessId: business.id, template: mail.template }, 'decision e-mail could not be recorded')
  }
}
