import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import { QUEUES, type Queue } from '@/lib/contracts/service-level-values'
import type { Escalation, EscalationQuery } from '@/lib/contracts/service-levels'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { businesses, queueAssignments, queueBreaches, users } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { findPage } from '@/server/http/pagination'
import { displayName } from '@/server/records/display-name'
import { QUEUE_SUPERVISORS } from './assignment'
import { assignmentHolds, enteredAtAsStored, openItemsOf } from './queue-sources'

/** Whether a breach's item is still waiting in its queue, at the same entry. */
function stillOpen(queue: Queue) {
  return sql`EXISTS (SELECT 1 FROM ${openItemsOf(queue)} WHERE q.item_id = ${queueBreaches.itemId} AND ${enteredAtAsStored} = ${queueBreaches.enteredAt})`
}
const openCase = sql<boolean>`CASE ${sql.join(
  QUEUES.map((queue) => sql`WHEN ${queueBreaches.queue} = ${queue} THEN ${stillOpen(queue)}`),
  sql` `,
)} ELSE false END`

/**
 * The current assignee: the business's for the business review, else the queue's assignment, unless it was made before
 * the breached entry (an earlier turn's: `assignmentHolds`).
 */
const currentAssignee = sql<string | null>`CASE WHEN ${queueBreaches.queue} = 'BUSINESS_REVIEW'
  THEN (SELECT b.assignee_id FROM businesses b WHERE b.id = ${queueBreaches.businessId})
  ELSE (SELECT a.assignee_id FROM ${queueAssignments} a WHERE a.queue = ${queueBreaches.queue} AND a.item_id = ${queueBreaches.itemId}
    AND ${assignmentHolds('a', sql`${queueBreaches.enteredAt}`)}) END`

/**
 * `GET /escalations`: the breaches recorded (docs/service-levels.md#escalation), newest first, each with its business,
 * its current assignee and whether it still waits (`open=true`: only those). Supervisors.
 */
export async function findEscalations(options: { db: Executor; actor: Actor; query: EscalationQuery }) {
  const { db, query } = options
  assertStaffWithAny(options.actor, ...QUEUE_SUPERVISORS)
  const conditions: SQL[] = []
  if (query.queue) conditions.push(eq(queueBreaches.queue, query.queue))
  if (query.open === 'true') conditions.push(sql`${openCase}`)
  if (query.open === 'false') conditions.push(sql`NOT ${openCase}`)
  const where = and(...conditions)
  return findPage({
    query,
    rows: db
      .select({
        breach: queueBreaches,
        businessName: businesses.name,
        open: openCase.mapWith(Boolean),
        assigneeId: currentAssignee,
      })
      .from(queueBreaches)
      .leftJoin(businesses, eq(businesses.id, queueBreaches.businessId))
      .where(where)
      .orderBy(desc(queueBreaches.breachedAt), desc(queueBreaches.id)),
    count: () => db.select({ value: count() }).from(queueBreaches).where(where),
    content: async (rows): Promise<Escalation[]> => {
      const ids = [...new Set(rows.map((r) => r.assigneeId).filter((id): id is string => !!id))]
      const people = ids.length
        ? rowsOf<{ id: string; first_name: string; last_name: string }>(
            await db.execute(
              sql`SELECT id, first_name, last_name FROM ${users} WHERE id IN (${sql.join(
                ids.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`,
            ),
          )
        : []
      const names = new Map(people.map((p) => [p.id, displayName({ firstName: p.first_name, lastName: p.last_name })]))
      return rows.map((r) => ({
        id: r.breach.id,
        queue: r.breach.queue,
        itemId: r.breach.itemId,
        businessId: r.breach.businessId,
        businessName: r.businessName,
        enteredAt: r.breach.enteredAt.toISOString(),
        dueAt: r.breach.dueAt.toISOString(),
        breachedAt: r.breach.breachedAt.toISOString(),
        assigneeId: r.assigneeId,
        assigneeName: r.assigneeId ? (names.get(r.assigneeId) ?? null) : null,
        open: r.open,
      }))
    },
  })
}
