import { z } from '@hono/zod-openapi'
import * as notificationsContract from '@/lib/contracts/notifications'
import { access, idParam, jsonBody } from '@/server/http/access'
import { createRouter, errorResponses, json, routesTagged } from '@/server/http/openapi'
import { readArgs, serviceArgs } from '@/server/http/service-args'
import { countUnread, findNotifications } from './find-notifications'
import { markAllNotificationsRead, markNotificationRead } from './mark-read'
import { getNotificationSettings, updateNotificationSettings } from './notification-settings'

const route = routesTagged('Notifications')

export const notificationRoutes = createRouter()

// GET /notifications – the signed-in user's notifications, newest first
notificationRoutes.openapi(
  route.get('/notifications', {
    summary: 'My notifications',
    description:
      'Keyset paged: pass the answer’s `nextCursor` as `before` for older ones. Only those about businesses the user may read now (docs/notifications.md#scoping).',
    ...access.signedIn(),
    request: { query: notificationsContract.notificationQuerySchema },
    responses: {
      200: json(notificationsContract.notificationPageSchema, 'A page of notifications'),
      ...errorResponses(400, 401),
    },
  }),
  async (c) => c.json(await findNotifications({ ...(await readArgs(c)), query: c.req.valid('query') }), 200),
)

// GET /notifications/unread-count – how many are unread (the bell)
notificationRoutes.openapi(
  route.get('/notifications/unread-count', {
    summary: 'My unread notification count',
    ...access.signedIn(),
    responses: { 200: json(notificationsContract.unreadCountSchema, 'The count'), ...errorResponses(401) },
  }),
  async (c) => c.json(await countUnread(await readArgs(c)), 200),
)

// GET /notifications/settings – which kinds also come by e-mail
notificationRoutes.openapi(
  route.get('/notifications/settings', {
    summary: 'My notification e-mail settings',
    ...access.signedIn(),
    responses: { 200: json(notificationsContract.notificationSettingsSchema, 'The settings'), ...errorResponses(401) },
  }),
  async (c) => c.json(await getNotificationSettings(await readArgs(c)), 200),
)

// PUT /notifications/settings – choose the kinds that also come by e-mail (one digest an hour at most)
notificationRoutes.openapi(
  route.put('/notifications/settings', {
    summary: 'Choose which notifications also come by e-mail',
    ...access.signedIn(),
    request: jsonBody(notificationsContract.notificationSettingsSchema),
    responses: { 200: json(notificationsContract.notificationSettingsSchema, 'The settings'), ...errorResponses(400, 401) },
  }),
  async (c) => c.json(await updateNotificationSettings({ ...(await serviceArgs(c)), input: c.req.valid('json') }), 200),
)

// POST /notifications/read-all – mark every notification read
notificationRoutes.openapi(
  route.post('/notifications/read-all', {
    summary: 'Mark all my notifications read',
    ...access.signedIn(),
    responses: { 200: json(z.object({ marked: z.number().int() }), 'How many were marked'), ...errorResponses(401) },
  }),
  async (c) => c.json(await markAllNotificationsRead(await readArgs(c)), 200),
)

// POST /notifications/{id}/read – mark one read
notificationRoutes.openapi(
  route.post('/notifications/{id}/read', {
    summary: 'Mark a notification read',
    description: 'Someone else’s notification answers 404.',
    ...access.signedIn(),
    request: { params: idParam },
    responses: { 200: json(notificationsContract.notificationSchema, 'The notification'), ...errorResponses(400, 401, 404) },
  }),
  async (c) => c.json(await markNotificationRead({ ...(await readArgs(c)), id: c.req.valid('param').id }), 200),
)
