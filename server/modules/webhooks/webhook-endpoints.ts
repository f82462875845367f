import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type {
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookDeliveryQuery,
  WebhookEndpoint,
  WebhookEndpointValues,
} from '@/lib/contracts/webhooks'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
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
import { resolveWebhookTarget } from './webhook-target'

/** Who manages webhooks: staff holding CAN_MANAGE_WEBHOOKS (SUPER_ADMIN); the routes name it too. */
export const WEBHOOK_MANAGERS = [PERMISSIONS.CAN_MANAGE_WEBHOOKS] as const

/**
 * The URL as stored, once its host has been resolved and found public (webhook-target.ts, docs/security.md#webhooks);
 * 400 naming `url` otherwise. The dispatcher checks it again before every send.
 */
export async function checkedWebhookUrl(value: string): Promise<string> {
  return (await resolveWebhookTarget(value)).url.toString()
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
  const rows = await options.db
    .select()
    .from(webhookEndpoints)
    .where(isNull(webhookEndpoints.deletedAt))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
  return rows.map(toEndpoint)
}

type Actors = Record<string, string>

/** Writes a checked new endpoint with a new signing secret in the caller's transaction, audited (without the secret). */
export async function writeWebhookCreate(
  tx: Tx,
  audit: AuditContext,
  options: { input: WebhookEndpointValues; url: string; createdBy: string; actors?: Actors; now?: Date },
): Promise<CreatedWebhookEndpoint> {
  const { input } = options
  const now = options.now ?? new Date()
  const secret = newWebhookSecret()
  const [row] = await tx
    .insert(webhookEndpoints)
    .values({
      url: options.url,
      description: input.description,
      eventTypes: input.eventTypes,
      active: input.active,
      secret,
      createdBy: options.createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  await appendAudit(tx, audit, {
    resource: 'webhook_endpoint',
    resourceId: row!.id,
    action: 'CREATE',
    after: { ...auditView(row!), ...options.actors },
  })
  return { ...toEndpoint(row!), secret }
}

/** The endpoint (not removed), locked until the transaction ends when `lock`; 404 when there is none. */
export async function readWebhookEndpoint(db: Executor, id: string, lock = false): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), isNull(webhookEndpoints.deletedAt)))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound('Webhook endpoint')
  return row
}

/** Replaces a checked endpoint's URL, description, events and active flag in the caller's transaction, audited. */
export async function writeWebhookUpdate(
  tx: Tx,
  audit: AuditContext,
  options: { id: string; input: WebhookEndpointValues; url: string; actors?: Actors; now?: Date },
): Promise<WebhookEndpoint> {
  const { input } = options
  const before = await readWebhookEndpoint(tx, options.id, true)
  const [after] = await tx
    .update(webhookEndpoints)
    .set({
      url: options.url,
      description: input.description,
      eventTypes: input.eventTypes,
      active: input.active,
      updatedAt: options.now ?? new Date(),
    })
    .where(eq(webhookEndpoints.id, options.id))
    .returning()
  await appendAudit(tx, audit, {
    resource: 'webhook_endpoint',
    resourceId: after!.id,
    action: 'UPDATE',
    before: auditView(before),
    after: { ...auditView(after!), ...options.actors },
  })
  return toEndpoint(after!)
}

/** `POST /webhooks` with FOUR_EYES_CONFIG off: registers an endpoint with a new signing secret, answered this once. */
export async function createWebhookEndpoint(options: {
  db: Database
  actor: Actor
  input: WebhookEndpointValues
  audit: AuditContext
  now?: Date
}): Promise<CreatedWebhookEndpoint> {
  const { actor, input } = options
  assertStaffWithAny(actor, ...WEBHOOK_MANAGERS)
  const url = await checkedWebhookUrl(input.url)
  return options.db.transaction((tx) =>
    writeWebhookCreate(tx, options.audit, { input, url, createdBy: actor.userId, now: options.now }),
  )
}

/** `PUT /webhooks/{id}` with FOUR_EYES_CONFIG off: changes the URL, description, events or active flag (the secret stays). */
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
  const url = await checkedWebhookUrl(input.url)
  return options.db.transaction((tx) => writeWebhookUpdate(tx, options.audit, { id: options.id, input, url, now: options.now }))
}

/**
 * `POST /webhooks/{id}/secret`: a new signing secret for the endpoint, answered this once (the old one stops signing at
 * once). Not under four-eyes: it changes who can verify deliveries, not where they go. Audited (without the secret).
 * Under four-eyes an approved endpoint's first secret is made by the approval and shown to nobody, so its manager
 * renews it here to learn it.
 */
export async function renewWebhookSecret(options: {
  db: Database
  actor: Actor
  id: string
  audit: AuditContext
}): Promise<CreatedWebhookEndpoint> {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  const secret = newWebhookSecret()
  return options.db.transaction(async (tx) => {
    await readWebhookEndpoint(tx, options.id, true)
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: new Date() })
      .where(eq(webhookEndpoints.id, options.id))
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'webhook_endpoint',
      resourceId: row!.id,
      action: 'RENEW_SECRET',
      after: auditView(row!),
    })
    return { ...toEndpoint(row!), secret }
  })
}

/**
 * `DELETE /webhooks/{id}`: removes the endpoint. Nothing more is sent to it (its pending deliveries become FAILED),
 * and the row is kept, marked removed, so its delivery log stays readable. Audited.
 */
export async function deleteWebhookEndpoint(options: { db: Database; actor: Actor; id: string; audit: AuditContext }) {
  assertStaffWithAny(options.actor, ...WEBHOOK_MANAGERS)
  await options.db.transaction(async (tx) => {
    const before = await readWebhookEndpoint(tx, options.id, true)
    const now = new Date()
    await tx
      .update(webhookEndpoints)
      .set({ active: false, deletedAt: now, updatedAt: now })
      .where(eq(webhookEndpoints.id, options.id))
    await tx
      .update(webhookDeliveries)
      .set({ status: 'FAILED', lastError: 'endpoint removed', nextAttemptAt: now, updatedAt: now })
      .where(and(eq(webhookDeliveries.endpointId, options.id), eq(webhookDeliveries.status, 'PENDING')))
    await appendAudit(tx, options.audit, {
      resource: 'webhook_endpoint',
      resourceId: before.id,
      action: 'DELETE',
      before: auditView(before),
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

/**
 * `GET /webhooks/{id}/deliveries`: the endpoint's delivery log, paged, newest first by default, each with its attempts;
 * also for a removed endpoint, whose log is kept.
 */
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
    count: () =>
      db
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
    const [removed] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookDeliveries.id, options.id), sql`${webhookEndpoints.deletedAt} IS NOT NULL`))
    if (removed) throw new AppError('INVALID_STATE', 'Its endpoint has been removed: the delivery cannot be retried')
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
