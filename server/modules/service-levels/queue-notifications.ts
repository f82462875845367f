import { eq } from 'drizzle-orm'
import type { NotificationTarget } from '@/lib/contracts/notification-values'
import { QUEUE_LABELS, type Queue } from '@/lib/contracts/service-level-values'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import type { Tx } from '@/server/db/client'
import { businesses } from '@/server/db/schema'
import { notifyUsers } from '@/server/modules/notifications/notify-users'
import type { QueueEvent } from './queue-events'
import { QUEUE_SOURCES } from './queue-sources'

/** The screen an item of each queue is decided on (docs/service-levels.md#events). */
function targetOf(queue: Queue, itemId: string, businessId: string | null): { type: NotificationTarget; id: string } {
  if (queue === 'AUTHORIZATIONS') return { type: 'authorization', id: itemId }
  if (queue === 'SUPPORT_INQUIRIES' || !businessId) return { type: 'support-inquiries', id: itemId }
  if (queue === 'SCREENING_HITS') return { type: 'business-screening', id: businessId }
  return { type: 'business-review', id: businessId }
}

/**
 * An assignment or an escalation as in-app notifications (docs/notifications.md#kinds), in the transaction that made
 * it: told only to those who may read the item's business (its queue's deciders and business readers); an escalation
 * reaches each person once per entry of the item however often it is re-run.
 */
export async function notifyOfQueueEvent(tx: Tx, event: QueueEvent): Promise<void> {
  const [business] = event.businessId
    ? await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, event.businessId))
    : []
  const what = `${QUEUE_LABELS[event.queue]}${business ? `: ${business.name}` : ''}`
  await notifyUsers(tx, {
    userIds: event.userIds,
    kind: event.kind === 'ESCALATED' ? 'ESCALATION' : 'ASSIGNED',
    businessId: event.businessId,
    readers: [QUEUE_SOURCES[event.queue].decidingPermission, P.CAN_READ_BUSINESS, P.CAN_SUPERVISE_QUEUES],
    membersRead: false,
    title: event.kind === 'ESCALATED' ? `Past its service level: ${what}` : `Assigned to you: ${what}`,
    target: targetOf(event.queue, event.itemId, event.businessId),
    // Once per entry and person: the same escalation found again tells nobody; an item that left its queue and came
    // back (a resubmitted business) is a new entry, and its escalation is news.
    ...(event.kind === 'ESCALATED'
      ? { dedupeKey: `escalation:${event.queue}:${event.itemId}${event.enteredAt ? `:${event.enteredAt}` : ''}` }
      : {}),
  })
}
