import { sql } from 'drizzle-orm'
import { QUEUES, QUEUE_LABELS, type Queue } from '@/lib/contracts/service-level-values'
import { dueAt, entryCutoff } from '@/lib/format/business-days'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { queueBreaches } from '@/server/db/schema'
import { markDecisionBreached } from '@/server/records/review-wait'
import { loadServiceLevels } from '@/server/records/service-levels'
import { emitQueueEvent } from './queue-events'
import { enteredAtAsStored, openItemsOf } from './queue-sources'
import { supervisors } from './staff-pool'

/** Most items escalated per queue and run; the next run takes the rest. */
const BATCH = 200

export interface Escalated {
  queue: Queue
  itemId: string
  businessId: string | null
  dueAt: string
  assigneeId: string | null
}

/**
 * The escalation run (docs/service-levels.md#escalation): every open item past its due time is recorded once in
 * `queue_breaches`, audited and announced (QueueEvent ESCALATED to its assignee and the supervisors). "Once" is the
 * unique key (queue, item, entry): of two runs that find the same item, on one instance or two, one inserts the row
 * and the other's `ON CONFLICT DO NOTHING` returns nothing, so only the winner audits and announces.
 */
export async function runEscalations(options: { db: Database; audit: AuditContext; now?: Date }): Promise<Escalated[]> {
  const { db, audit, now = new Date() } = options
  const levels = await loadServiceLevels(db)
  const told = await supervisors(db)
  const escalated: Escalated[] = []
  for (const queue of QUEUES) {
    const target = levels.target(queue)
    const cutoff = entryCutoff(now, target, levels.calendar)
    const candidates = rowsOf<{
      item_id: string
      business_id: string | null
      entered_at: string | Date
      assignee_id: string | null
    }>(
      await db.execute(sql`SELECT q.item_id, q.business_id, q.entered_at, q.assignee_id FROM ${openItemsOf(queue)}
        WHERE q.entered_at < ${cutoff.toISOString()}::timestamptz
          AND NOT EXISTS (SELECT 1 FROM queue_breaches x WHERE x.queue = ${queue} AND x.item_id = q.item_id AND x.entered_at = ${enteredAtAsStored})
        ORDER BY q.entered_at, q.item_id LIMIT ${BATCH}`),
    )
    for (const item of candidates) {
      const enteredAt = new Date(item.entered_at)
      const due = dueAt(enteredAt, target, levels.calendar)
      const won = await db.transaction(async (tx) => {
        const [breach] = await tx
          .insert(queueBreaches)
          .values({
            queue,
            itemId: item.item_id,
            businessId: item.business_id,
            enteredAt,
            dueAt: due,
            breachedAt: now,
            assigneeId: item.assignee_id,
          })
          .onConflictDoNothing()
          .returning({ id: queueBreaches.id })
        if (!breach) return false
        // A decision that committed since the item was read as open ended a wait escalated at `now`.
        if (queue === 'BUSINESS_REVIEW') await tx.execute(markDecisionBreached(item.item_id, now))
        await appendAudit(tx, audit, {
          resource: 'queue_item',
          resourceId: `${queue}:${item.item_id}`,
          action: 'ESCALATED',
          after: {
            queue,
            queueLabel: QUEUE_LABELS[queue],
            itemId: item.item_id,
            businessId: item.business_id,
            enteredAt: enteredAt.toISOString(),
            dueAt: due.toISOString(),
            targetBusinessDays: target,
            assigneeId: item.assignee_id,
          },
        })
        await emitQueueEvent(tx, {
          kind: 'ESCALATED',
          queue,
          itemId: item.item_id,
          businessId: item.business_id,
          userIds: [...(item.assignee_id ? [item.assignee_id] : []), ...told],
          enteredAt: enteredAt.toISOString(),
        })
        return true
      })
      if (won)
        escalated.push({
          queue,
          itemId: item.item_id,
          businessId: item.business_id,
          dueAt: due.toISOString(),
          assigneeId: item.assignee_id,
        })
    }
  }
  return escalated
}
