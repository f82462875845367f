import { WEBHOOK_EVENT_LABELS } from '@/lib/contracts/webhook-values'
import type { WebhookEndpointValues } from '@/lib/contracts/webhooks'
import type { Executor } from '@/server/db/client'
import type { WebhookEndpoint as EndpointRow } from '@/server/db/schema'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import {
  checkedWebhookUrl,
  readWebhookEndpoint,
  writeWebhookCreate,
  writeWebhookUpdate,
} from '@/server/modules/webhooks/webhook-endpoints'

const labels = { url: 'URL', description: 'Description', events: 'Events', active: 'Active' }

const snapshotOf = (e: Pick<EndpointRow, 'url' | 'description' | 'eventTypes' | 'active'>): Snapshot => ({
  url: e.url,
  description: e.description,
  events: e.eventTypes.map((t) => WEBHOOK_EVENT_LABELS[t]).sort(),
  active: e.active ? 'Yes' : 'No',
})

/** The endpoint as it stands (never its secret), or null when it is gone or removed. */
export async function currentWebhookSnapshot(db: Executor, id: string, lock = false): Promise<Snapshot | null> {
  try {
    return snapshotOf(await readWebhookEndpoint(db, id, lock))
  } catch {
    return null
  }
}

/** The proposal holds the URL as checked when it was requested: the diff shows where deliveries would go. */
export const proposedWebhookSnapshot = (p: WebhookEndpointValues) => snapshotOf(p)

/**
 * Webhook endpoints under four-eyes (docs/security.md#webhooks): where the server sends decisions is a second person's
 * decision too. The URL is resolved and checked again when the change is applied (a name may point elsewhere by then).
 * A new endpoint's signing secret is made by the approval and shown to nobody: its manager renews it to learn it.
 */
export const webhookCreateKind = defineKind<WebhookEndpointValues>({
  type: 'WEBHOOK_CREATE',
  resource: 'webhook_endpoint',
  creates: true,
  labels,
  current: async () => null,
  proposed: async (_db, p) => proposedWebhookSnapshot(p),
  async apply(tx, audit, row, actors) {
    const url = await checkedWebhookUrl(row.proposal.url)
    const created = await writeWebhookCreate(tx, audit, {
      input: row.proposal,
      url,
      createdBy: row.makerId,
      actors: { ...actors },
    })
    return { resourceId: created.id }
  },
})

export const webhookUpdateKind = defineKind<WebhookEndpointValues>({
  type: 'WEBHOOK_UPDATE',
  resource: 'webhook_endpoint',
  creates: false,
  labels,
  current: (db, row, lock) => currentWebhookSnapshot(db, row.resourceId!, lock),
  proposed: async (_db, p) => proposedWebhookSnapshot(p),
  async apply(tx, audit, row, actors) {
    const url = await checkedWebhookUrl(row.proposal.url)
    await writeWebhookUpdate(tx, audit, { id: row.resourceId!, input: row.proposal, url, actors: { ...actors } })
    return { resourceId: row.resourceId }
  },
})

registerKinds(webhookCreateKind, webhookUpdateKind)
