import { and, asc, eq, isNull, lte, or } from 'drizzle-orm'
import { DIGEST_INTERVAL_MS, type NotificationTarget } from '@/lib/contracts/notification-values'
import { STAFF_PERMISSION_NAMES } from '@/server/auth/load-actor'
import type { Database } from '@/server/db/client'
import { businessUsers, notifications, notificationSettings, users } from '@/server/db/schema'
import { portalLinks } from '@/server/integrations/mail/portal-links'
import { sendMail } from '@/server/integrations/mail/send-mail'
import { notificationDigestMail, type RenderedMail } from '@/server/integrations/mail/templates'
import { getJobScheduler, type ScheduledJob } from '@/server/jobs/job-scheduler'
import { logger } from '@/server/logger'

/** A digest lists this many titles, then "…and N more". */
const DIGEST_MAX_ITEMS = 20
/** Users served per run; the next run takes the rest. */
const USERS_PER_RUN = 200

const TARGET_LINKS: Record<NotificationTarget, (id: string) => string> = {
  'business-review': portalLinks.businessReview,
  'business-screening': portalLinks.businessScreening,
  authorization: portalLinks.authorizationDetails,
  'business-dashboard': portalLinks.businessDashboard,
  'support-inquiries': portalLinks.supportInquiries,
}

/**
 * One user's digest, in its own transaction (docs/notifications.md#e-mail-digest): their settings row is locked
 * (SKIP LOCKED: another instance serving them at the same moment skips them) and re-checked, so two instances never
 * send two digests within the hour. Every pending row is taken off the queue; the mail carries those of the kinds the
 * user still chooses, about businesses they may still read. Answers the mail to send after the commit, or null.
 */
async function takeDigest(db: Database, userId: string, now: Date): Promise<{ to: string; mail: RenderedMail } | null> {
  const due = new Date(now.getTime() - DIGEST_INTERVAL_MS)
  return db.transaction(async (tx) => {
    const [settings] = await tx
      .select({ emailKinds: notificationSettings.emailKinds })
      .from(notificationSettings)
      .where(
        and(
          eq(notificationSettings.userId, userId),
          or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, due)),
        ),
      )
      .for('update', { skipLocked: true })
    if (!settings) return null
    const pending = await tx
      .update(notifications)
      .set({ mailPending: false })
      .where(and(eq(notifications.userId, userId), notifications.mailPending))
      .returning()
    const [user] = await tx
      .select({ email: users.email, firstName: users.firstName, status: users.status, staff: STAFF_PERMISSION_NAMES })
      .from(users)
      .where(eq(users.id, userId))
    if (!user || user.status !== 'ACTIVE') return null
    const memberOf = new Set(
      (
        await tx
          .select({ businessId: businessUsers.businessId })
          .from(businessUsers)
          .where(and(eq(businessUsers.userId, userId), businessUsers.isActive))
      ).map((r) => r.businessId),
    )
    const staff = new Set(user.staff)
    const chosen = new Set<string>(settings.emailKinds)
    const items = pending
      .filter(
        (n) =>
          chosen.has(n.kind) &&
          !n.readAt &&
          (!n.businessId || n.readPermissions.some((p) => staff.has(p)) || (n.membersRead && memberOf.has(n.businessId))),
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    if (!items.length) return null
    await tx.update(notificationSettings).set({ lastDigestAt: now }).where(eq(notificationSettings.userId, userId))
    const shown = items.slice(0, DIGEST_MAX_ITEMS)
    return {
      to: user.email,
      mail: notificationDigestMail({
        firstName: user.firstName,
        items: shown.map((n) => ({ title: n.title, url: TARGET_LINKS[n.targetType](n.targetId) })),
        more: items.length - shown.length,
        url: portalLinks.notifications(),
      }),
    }
  })
}

/**
 * Sends the digests that are due: to each user with notifications waiting for the mail whose last digest is an hour
 * old or more. Safe to run on several instances at once (takeDigest). A mail is written to the outbox after the
 * commit: a crash between the two loses that digest (the notifications stay in the portal), never sends it twice.
 */
export async function runNotificationDigests(options: { db: Database; now?: Date }): Promise<{ sent: number }> {
  const { db } = options
  const now = options.now ?? new Date()
  const due = new Date(now.getTime() - DIGEST_INTERVAL_MS)
  const candidates = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .innerJoin(notificationSettings, eq(notificationSettings.userId, notifications.userId))
    .where(
      and(notifications.mailPending, or(isNull(notificationSettings.lastDigestAt), lte(notificationSettings.lastDigestAt, due))),
    )
    .orderBy(asc(notifications.userId))
    .limit(USERS_PER_RUN)
  let sent = 0
  for (const { userId } of candidates) {
    const digest = await takeDigest(db, userId, now)
    if (!digest) continue
    await sendMail({ db, to: digest.to, mail: digest.mail })
    sent++
  }
  return { sent }
}

const globalForDigest = globalThis as unknown as { __notificationDigest?: ScheduledJob }

/**
 * The digest job, started with the server: every 5 minutes on every instance (server/jobs `every`); each user is
 * served by one of them (takeDigest). Not in tests (APP_ENV=test), which call runNotificationDigests with their clock.
 */
export function startNotificationDigestOnce(
  getDb: () => Promise<Database>,
  appEnv: string,
  intervalMs = 300_000,
): ScheduledJob | undefined {
  if (appEnv === 'test') return undefined
  globalForDigest.__notificationDigest ??= getJobScheduler().every({
    name: 'notification-digest',
    intervalMs,
    run: async () => {
      const { sent } = await runNotificationDigests({ db: await getDb() })
      if (sent) logger.info({ sent }, 'notification digests sent')
    },
  })
  return globalForDigest.__notificationDigest
}
