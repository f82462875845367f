import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointValues,
} from '@/lib/contracts/webhooks'
import { PERMISSIONS } from '@/lib/permissions'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import {
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEndpoints,
  type WebhookDelivery as DeliveryRow,
  type WebhookEndpoint as EndpointRow,
} from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { newWebhookSecret } from './signature'

/** Who manages webhooks: staff holding CAN_MANAGE_WEBHOOKS (SUPER_ADMIN); the routes name it too. */
export const WEBHOOK_MANAGERS = [PERMISSIONS.CAN_MANAGE_WEBHOOKS] as const

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The URL rule (docs/api.md#webhooks): https; plain http only to this machine (localhost, 127.0.0.1, ::1) and only
 * outside production, for a receiver under development. No credentials in the URL: they would sit in the table.
 */
export function assertDeliverableUrl(value: string, isProduction = getConfig().isProduction): string {
  const url = new URL(value)
  if (url.username || url.password)
    throw new AppError('VALIDATION_FAILED', 'must not carry a user name or password', { field: 'url' })
  if (url.protocol === 'https:') return url.toString()
  if (url.protocol === 'http:' && !isProduction && LOOPBACK_HOSTS.has(url.hostname)) return url.toString()
  throw new AppError(
    'VALIDATION_FAILED',
    isProduction ? 'must be an https URL' : 'must be an https URL (http only to localhost, 127.0.0.1 or ::1 outside production)',
    { field: 'url' },
  )
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes,
    active: row.active,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** What the audit keeps of an endpoint: everything but the secret. */
const auditView = (row: EndpointRow) => toEndpoint(row)

/** `GET /webhooks`: every endpoint, oldest first (secrets never answered). */
export async function findWebhookEndpoints(options: { db: Database; actor: Actor }): Promise<WebhookEndpoint[]> {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const rows = await options.db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(toEndpoint)
}

/** `POST /webhooks`: registers an endpoint with a new signing secret, answered this once. Audited (without it). */
export async function createWebhookEndpoint(options: {
  db: Database
  actor: Actor
  input: WebhookEndpointValues
  audit: AuditContext
  now?: Date
}): Promise<CreatedWebhookEndpoint> {
  const { actor, input } = options
  assertStaffWithAny(actor, ...WEBHOOK_MANAGERS)
  const url = assertDeliverableUrl(input.url)
  const now = options.now ?? new Date()
  const secret = newWebhookSecret()
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url,
        description: input.description,
        eventTypes: input.eventTypes,
        active: input.active,
        secret,
        createdBy: actor.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'webhook_endpoint',
      resourceId: row!.id,
      action: 'CREATE',
      after: auditView(row!),
    })
    return { ...toEndpoint(row!), secret }
  })
}

/** `PUT /webhooks/{id}`: changes the URL, description, events or active flag (the secret stays). Audited. */
export async function updateWebhookEndpoint(options: {
  db: Database
  actor: Actor
  id: string
  input: WebhookEndpointValues
  audit: AuditContext
  now?: Date
}): Promise<WebhookEndpoint> {
  const { actor, input } = options
  assertStaffWithAny(actor, ...WEBHOOK_MANAGERS)
  const url = assertDeliverableUrl(input.url)
  return options.db.transaction(async (tx) => {
    const [before] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, options.id)).for('update')
    if (!before) throw notFound('Webhook endpoint')
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        url,
        description: input.description,
        eventTypes: input.eventTypes,
        active: input.active,
        updatedAt: options.now ?? new Date(),
      })
      .where(eq(webhookEndpoints.id, options.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'webhook_endpoint',
      resourceId: after!.id,
      action: 'UPDATE',
      before: auditView(before),
      after: auditView(after!),
    })
    return toEndpoint(after!)
  })
}

/** `DELETE /webhooks/{id}`: removes the endpoint with its deliveries and their log (nothing more is sent). Audited. */
export async function deleteWebhookEndpoint(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  await options.db.transaction(async (tx) => {
    const [deleted] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, options.id)).returning()
    if (!deleted) throw notFound('Webhook endpoint')
    await appendAudit(tx, options.audit, {
      resource: 'webhook_endpoint',
      resourceId: deleted.id,
      action: 'DELETE',
      before: auditView(deleted),
    })
  })
}

async function toDeliveries(db: Database, rows: DeliveryRow[]): Promise<WebhookDelivery[]> {
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookDeliveryAttempts)
        .where(
          inArray(
            webhookDeliveryAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(webhookDeliveryAttempts.attemptedAt), asc(webhookDeliveryAttempts.id))
    : []
  return rows.map((row) => ({
    id: row.id,
    endpointId: row.endpointId,
    eventId: row.eventId,
    eventType: row.eventType,
    payload: row.payload as Record<string, unknown>,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt.toISOString(),
    lastResponseCode: row.lastResponseCode,
    lastError: row.lastError,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    attemptLog: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({
        attemptedAt: a.attemptedAt.toISOString(),
        responseCode: a.responseCode,
        error: a.error,
        durationMs: a.durationMs,
      })),
  }))
}

/** `GET /webhooks/{id}/deliveries`: the endpoint's delivery log, paged, newest first by default, each with its attempts. */
export async function findWebhookDeliveries(options: {
  db: Database
  actor: Actor
  endpointId: string
  query: WebhookDeliveryQuery
}) {
  const { db, query } = options
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const [endpoint] = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, options.endpointId))
  if (!endpoint) throw notFound('Webhook endpoint')
  const where: SQL[] = [eq(webhookDeliveries.endpointId, options.endpointId)]
  if (query.status) where.push(eq(webhookDeliveries.status, query.status))
  const order = query.recentFirst ? desc : asc
  return findPage({
    query,
    rows: db
      .select()
      .from(webhookDeliveries)
      .where(and(...where))
      .orderBy(order(webhookDeliveries.createdAt), order(webhookDeliveries.id)),
    count: db
      .select({ value: count() })
      .from(webhookDeliveries)
      .where(and(...where)),
    content: (rows) => toDeliveries(db, rows),
  })
}

/**
 * `POST /webhooks/deliveries/{id}/retry`: a FAILED delivery goes back to PENDING, due now, with a fresh round of
 * attempts (its log keeps the earlier ones). One conditional UPDATE; any other status answers 409. Audited.
 */
export async function retryWebhookDelivery(options: {
  db: Database
  actor: Actor
  id: string
  audit: AuditContext
  now?: Date
}): Promise<WebhookDelivery> {
  const { db } = options
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const now = options.now ?? new Date()
  const row = await db.transaction(async (tx) => {
    const [after] = await tx
      .update(webhookDeliveries)
      .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.id, options.id), eq(webhookDeliveries.status, 'FAILED')))
      .returning()
    if (!after) {
      const [current] = await tx
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, options.id))
      if (!current) throw notFound('Webhook delivery')
      throw new AppError(
        'INVALID_STATE',
        `The delivery is ${current.status === 'PENDING' ? 'still being tried' : 'delivered'}: only a failed delivery can be retried`,
      )
    }
    await appendAudit(tx, options.audit, {
      resource: 'webhook_delivery',
      resourceId: after.id,
      action: 'RETRY',
      after: { id: after.id, endpointId: after.endpointId, eventType: after.eventType, status: after.status },
    })
    return after
  })
  return (await toDeliveries(db, [row]))[0]!
}
