import { and, eq, gt, gte, isNotNull, lt, lte } from 'drizzle-orm'
import type { ReminderRun } from '@/lib/contracts/reviews'
import { addIsoDays, isoDay } from '@/lib/format/iso-day'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { businesses, deferrals, kycDocumentTypes, remindersSent } from '@/server/db/schema'
import { findOwnerContacts, ownerRecipients } from '@/server/integrations/mail/owner-mail'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { dueReminderMail } from '@/server/integrations/mail/templates'
import { logger } from '@/server/logger'

/** Owners hear about a deadline this many days before it. */
export const REMINDER_LEAD_DAYS = 3

interface DueItem {
  kind: 'DEFERRAL' | 'RECERTIFICATION'
  itemId: string
  businessId: string
  businessName: string
  businessEmail: string
  dueDate: string
  what: string
}

/**
 * Deadlines falling due within the next REMINDER_LEAD_DAYS days (after today, up to and including today + 3), of
 * active businesses: approved deferrals by their due date, approved businesses by their recertification date. A
 * run that finds one on the third day before sends it then; a run that missed that day still sends it later.
 */
async function findDueItems(db: Database, today: string): Promise<DueItem[]> {
  const last = addIsoDays(today, REMINDER_LEAD_DAYS)
  const windowStart = new Date(`${addIsoDays(today, 1)}T00:00:00.000Z`)
  const windowEnd = new Date(`${addIsoDays(last, 1)}T00:00:00.000Z`)
  const [deferred, recertifying] = await Promise.all([
    db
      .select({
        id: deferrals.id,
        businessId: deferrals.businessId,
        dueDate: deferrals.dueDate,
        businessName: businesses.name,
        businessEmail: businesses.email,
        documentName: kycDocumentTypes.name,
      })
      .from(deferrals)
      .innerJoin(businesses, eq(businesses.id, deferrals.businessId))
      .innerJoin(kycDocumentTypes, eq(kycDocumentTypes.id, deferrals.documentTypeId))
      .where(
        and(
          eq(deferrals.status, 'APPROVED'),
          isNotNull(deferrals.dueDate),
          gte(deferrals.dueDate, windowStart),
          lt(deferrals.dueDate, windowEnd),
          eq(businesses.archiveStatus, 'ACTIVE'),
        ),
      ),
    db
      .select({
        id: businesses.id,
        name: businesses.name,
        email: businesses.email,
        recertificationDate: businesses.recertificationDate,
      })
      .from(businesses)
      .where(
        and(
          eq(businesses.approvalStatus, 'APPROVED'),
          eq(businesses.archiveStatus, 'ACTIVE'),
          gt(businesses.recertificationDate, today),
          lte(businesses.recertificationDate, last),
        ),
      ),
  ])
  return [
    ...deferred.map((d) => ({
      kind: 'DEFERRAL' as const,
      itemId: d.id,
      businessId: d.businessId,
      businessName: d.businessName,
      businessEmail: d.businessEmail,
      dueDate: isoDay(d.dueDate!),
      what: `The deferred document "${d.documentName}"`,
    })),
    ...recertifying.map((b) => ({
      kind: 'RECERTIFICATION' as const,
      itemId: b.id,
      businessId: b.id,
      businessName: b.name,
      businessEmail: b.email,
      dueDate: b.recertificationDate!,
      what: 'The KYC recertification',
    })),
  ]
}

/**
 * E-mails the owners of every business with a deadline in 3 days (`POST /reminders/run` and the daily job). Never
 * twice for the same item and due date: the reminders_sent row is claimed first (unique key), and only its claimer
 * sends, so overlapping runs cannot both send. `now` is injectable so the rule can be tested.
 */
export async function runReminders(options: { db: Database; audit: AuditContext; now?: Date }): Promise<ReminderRun> {
  const { db, now = new Date() } = options
  const items = await findDueItems(db, isoDay(now))
  const owners = await findOwnerContacts(db, [...new Set(items.map((i) => i.businessId))])
  const sent: ReminderRun['sent'] = []
  for (const item of items) {
    const recipients = ownerRecipients(owners, { id: item.businessId, email: item.businessEmail })
    const [claimed] = await db
      .insert(remindersSent)
      .values({
        kind: item.kind,
        itemId: item.itemId,
        businessId: item.businessId,
        dueDate: item.dueDate,
        recipients,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: remindersSent.id })
    if (!claimed) continue
    const mail = dueReminderMail({
      businessName: item.businessName,
      what: item.what,
      dueDate: item.dueDate,
      url: portalLinks.businessDashboard(item.businessId),
    })
    for (const to of recipients) await sendMail({ db, to, mail })
    sent.push({
      kind: item.kind,
      itemId: item.itemId,
      businessId: item.businessId,
      businessName: item.businessName,
      dueDate: item.dueDate,
      recipients,
    })
  }
  if (sent.length) {
    await db.transaction((tx) =>
      appendAudit(tx, options.audit, {
        resource: 'reminders',
        action: 'SEND_DUE_REMINDERS',
        after: { sent: sent.map(({ kind, itemId, businessId, dueDate }) => ({ kind, itemId, businessId, dueDate })) },
      }),
    )
    logger.info({ count: sent.length }, 'due-date reminders sent')
  }
  return { ranAt: now.toISOString(), sent }
}
