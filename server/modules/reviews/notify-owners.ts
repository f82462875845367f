import { getConfig } from '@/lib/config/env'
import type { Executor } from '@/server/db/client'
import { sendMail } from '@/server/integrations/mail/send-mail'
import type { RenderedMail } from '@/server/integrations/mail/templates'
import { findOwnerContacts } from './business-owners'

export const dashboardUrl = (businessId: string) =>
  `${getConfig().publicUrl}/s/businesses/dashboard-details?businessId=${encodeURIComponent(businessId)}`

/**
 * E-mails a business's owners; a business with no owner yet (staff registered it and the invitation is open) gets
 * the mail at its own address. Answers the addresses written to. Delivery failures stay in the outbox, never thrown.
 */
export async function mailBusinessOwners(
  db: Executor,
  business: { id: string; email: string },
  mail: RenderedMail,
): Promise<string[]> {
  const owners = await findOwnerContacts(db, [business.id])
  const recipients = [...new Set(owners.length ? owners.map((o) => o.email) : [business.email])]
  for (const to of recipients) await sendMail({ db, to, mail })
  return recipients
}
