import { z } from 'zod'
import { NOTIFICATION_KINDS, NOTIFICATION_TARGETS } from './notification-values'

export {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_TARGETS,
  type NotificationKind,
  type NotificationTarget,
} from './notification-values'

/** One in-app notification of the signed-in user (docs/notifications.md). */
export const notificationSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    /** A short excerpt (a mention's comment), or null. */
    body: z.string().nullable(),
    businessId: z.uuid().nullable(),
    target: z.object({ type: z.enum(NOTIFICATION_TARGETS), id: z.string() }),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Notification' })

/** Base64url of `<createdAt ISO>|<id>`: the last row of the page before. */
const cursorSchema = z
  .string()
  .max(200, 'is not a cursor from this list')
  .regex(/^[A-Za-z0-9_-]+$/, 'is not a cursor from this list')

/** `GET /notifications`: newest first, keyset paged (`before` is the previous answer's `nextCursor`). */
export const notificationQuerySchema = z.object({
  before: cursorSchema.optional(),
  unread: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  pageSize: z.coerce
    .number({ message: 'must be a number' })
    .int({ message: 'must be a whole number' })
    .min(1, { message: 'must be between 1 and 50' })
    .max(50, { message: 'must be between 1 and 50' })
    .default(20),
})
export type NotificationQuery = z.input<typeof notificationQuerySchema>

export const notificationPageSchema = z
  .object({
    items: z.array(notificationSchema),
    /** Pass as `before` for the next (older) page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'NotificationPage' })

export const unreadCountSchema = z.object({ unread: z.number().int() }).meta({ id: 'NotificationUnreadCount' })

/** `GET|PUT /notifications/settings`: which kinds also come by e-mail, as one digest at most an hour. */
export const notificationSettingsSchema = z
  .object({
    emailKinds: z
      .array(z.enum(NOTIFICATION_KINDS, { message: `must be one of ${NOTIFICATION_KINDS.join(', ')}` }))
      .max(NOTIFICATION_KINDS.length),
  })
  .meta({ id: 'NotificationSettings' })

export type Notification = z.infer<typeof notificationSchema>
export type NotificationPage = z.infer<typeof notificationPageSchema>
export type UnreadCount = z.infer<typeof unreadCountSchema>
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>
