import type { Queue } from '@/lib/contracts/service-level-values'
import type { Tx } from '@/server/db/client'
import { notifyOfQueueEvent } from './queue-notifications'

/**
 * What this module tells other modules (docs/service-levels.md#events): an item assigned (by round-robin, a bulk
 * assignment or "Next item") or escalated. `userIds` are the people to tell: the assignee, and for an escalation the
 * supervisors too. They are told in the portal (`queue-notifications.ts`); a listener runs inside the transaction that made the change, so what it writes commits or rolls
 * back with it; a listener that throws undoes the change.
 */
export interface QueueEvent {
  kind: 'ASSIGNED' | 'ESCALATED'
  queue: Queue
  itemId: string
  businessId: string | null
  userIds: string[]
  /** ESCALATED: when the item entered its queue (ISO); an item that re-enters is a new entry, escalated anew. */
  enteredAt?: string
}

export type QueueEventListener = (tx: Tx, event: QueueEvent) => Promise<void> | void

const listeners = new Set<QueueEventListener>()

/** Subscribes to queue events; answers the unsubscribe. */
export function onQueueEvent(listener: QueueEventListener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export async function emitQueueEvent(tx: Tx, event: QueueEvent): Promise<void> {
  const userIds = [...new Set(event.userIds)]
  if (!userIds.length) return
  await notifyOfQueueEvent(tx, { ...event, userIds })
  for (const listener of listeners) await listener(tx, { ...event, userIds })
}
