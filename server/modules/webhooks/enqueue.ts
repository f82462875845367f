import { randomUUID } from 'node:crypto'
import { and, arrayContains, eq, isNull } from 'drizzle-orm'
import type { WebhookEventType } from '@/lib/contracts/webhook-values'
import type { Tx } from '@/server/db/client'
import { webhookDeliveries, webhookEndpoints } from '@/server/db/schema'

/**
 * What an event says. Ids, statuses and reasons only: never an identity number or other personal value
 * (docs/data-protection.md); a receiver that needs more reads it through the API with its own credentials.
 */
export type WebhookEventData = Record<string, string | number | boolean | null | string[]>

/** The JSON body every delivery POSTs (docs/api.md#webhooks). */
export interface WebhookPayload {
  id: string
  type: WebhookEventType
  createdAt: string
  data: WebhookEventData
}

/**
 * Enqueues one event for every active endpoint subscribed to its type, in the caller's transaction: the delivery
 * rows commit with the decision they report, or not at all. The dispatcher (dispatcher.ts) sends them after the
 * commit. Returns the event's id (the same in every endpoint's delivery).
 */
export async function enqueueWebhookEvent(
  tx: Tx,
  event: { type: WebhookEventType; data: WebhookEventData; at?: Date },
): Promise<string> {
  const at = event.at ?? new Date()
  const eventId = randomUUID()
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.active, true),
        isNull(webhookEndpoints.deletedAt),
        arrayContains(webhookEndpoints.eventTypes, [event.type]),
      ),
    )
  if (!endpoints.length) return eventId
  const payload: WebhookPayload = { id: eventId, type: event.type, createdAt: at.toISOString(), data: event.data }
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      endpointId: endpoint.id,
      eventId,
      eventType: event.type,
      payload,
      nextAttemptAt: at,
      createdAt: at,
      updatedAt: at,
    })),
  )
  return eventId
}
