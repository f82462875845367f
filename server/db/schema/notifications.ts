import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS, NOTIFICATION_TARGETS } from '../../../lib/contracts/notification-values'
import { businesses } from './businesses'
import { users } from './users'

/**
 * In-app notifications (docs/notifications.md): one row per recipient, written in the transaction of what caused it,
 * only for a recipient who may read its business then; the list filters again by what the reader may read now.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    /** Staff permissions any of which lets its reader read the business (members of the business read it too). */
    readPermissions: text('read_permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Whether members of the business read it too (not a staff comment thread's mention). */
    membersRead: boolean('members_read').notNull().default(true),
    title: text('title').notNull(),
    body: text('body'),
    targetType: text('target_type', { enum: NOTIFICATION_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The same key is notified once per user (an escalation, say). */
    dedupeKey: text('dedupe_key'),
    /** The recipient chose this kind by e-mail: the next digest carries it. */
    mailPending: boolean('mail_pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_unread_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.readAt} IS NULL`),
    index('notifications_mail_pending_idx')
      .on(t.userId)
      .where(sql`${t.mailPending}`),
    index('notifications_business_idx').on(t.businessId),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
  ],
)

/** Each user's choice of kinds by e-mail, and when their last digest went (at most one an hour). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailKinds: text('email_kinds', { enum: NOTIFICATION_KINDS })
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export type NotificationRow = typeof notifications.$inferSelect
