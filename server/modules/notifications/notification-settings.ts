import { eq } from 'drizzle-orm'
import type { NotificationSettings } from '@/lib/contracts/notifications'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor } from '@/server/db/client'
import { notificationSettings } from '@/server/db/schema'
import type { Actor } from '@/server/http/context'

/** `GET /notifications/settings`: the kinds the user also receives by e-mail (none until they choose). */
export async function getNotificationSettings(options: { db: Executor; actor: Actor }): Promise<NotificationSettings> {
  const [row] = await options.db
    .select({ emailKinds: notificationSettings.emailKinds })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, options.actor.userId))
  return { emailKinds: row?.emailKinds ?? [] }
}

/** `PUT /notifications/settings`: the user's choice of kinds by e-mail (audited, as preference changes are). */
export async function updateNotificationSettings(options: {
  db: Database
  actor: Actor
  input: NotificationSettings
  audit: AuditContext
}): Promise<NotificationSettings> {
  const { db, actor } = options
  const emailKinds = [...new Set(options.input.emailKinds)]
  return db.transaction(async (tx) => {
    const before = await getNotificationSettings({ db: tx, actor })
    await tx
      .insert(notificationSettings)
      .values({ userId: actor.userId, emailKinds })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailKinds, updatedAt: new Date() } })
    await appendAudit(tx, options.audit, {
      resource: 'user',
      resourceId: actor.userId,
      action: 'UPDATE_NOTIFICATION_SETTINGS',
      before,
      after: { emailKinds },
    })
    return { emailKinds }
  })
}
