import { and, eq, isNull, sql } from 'drizzle-orm'
import { QUEUES, QUEUE_LABELS, type Queue } from '@/lib/contracts/service-level-values'
import type { QueueItem } from '@/lib/contracts/service-levels'
import { lagosDay } from '@/lib/format/business-days'
import { PERMISSIONS } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { businesses, queueAssignments, queueServiceLevels, staffAvailability } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { assertNotAway, dueFieldsOf, loadServiceLevels, type ServiceLevels } from '@/server/records/service-levels'
import { emitQueueEvent } from './queue-events'
import { assignmentHolds, openItemsOf, QUEUE_SOURCES } from './queue-sources'
import { staffHolding } from './staff-pool'

/** Bulk assignment and reassignment, the escalations view, service levels: supervisors. */
export const QUEUE_SUPERVISORS = [PERMISSIONS.CAN_SUPERVISE_QUEUES] as const

interface OpenRow {
  item_id: string
  business_id: string | null
  entered_at: string | Date
  assignee_id: string | null
  /** Who may not decide it (four-eyes): its maker, its business's registrant and members. */
  maker_ids: string[]
}

const toItem = (queue: Queue, row: OpenRow, levels: ServiceLevels, now: Date): QueueItem => ({
  queue,
  itemId: row.item_id,
  businessId: row.business_id,
  enteredAt: new Date(row.entered_at).toISOString(),
  ...dueFieldsOf(levels, queue, new Date(row.entered_at), now),
  assigneeId: row.assignee_id,
})

async function openItems(db: Executor, queue: Queue, where: ReturnType<typeof sql>, limit = 100) {
  return rowsOf<OpenRow>(
    await db.execute(sql`SELECT q.item_id, q.business_id, q.entered_at, q.assignee_id, q.maker_ids FROM ${openItemsOf(queue)}
      WHERE ${where} ORDER BY q.entered_at, q.item_id LIMIT ${limit}`),
  )
}

/**
 * Gives an item to `userId` in `tx`: the business review keeps its assignee on the business, the other queues in
 * `queue_assignments`. `onlyFrom`: the assignee the item must still have (null: unassigned), the condition that makes
 * concurrent claims one winner; undefined takes it whoever has it. An assignment from before the item's entry
 * (`enteredAt`, as read) is no one's (`assignmentHolds`). Answers false when the condition failed.
 */
async function setAssignee(
  tx: Tx,
  options: {
    queue: Queue
    itemId: string
    enteredAt: string | Date
    userId: string | null
    by: string | null
    onlyFrom?: string | null
  },
): Promise<boolean> {
  const { queue, itemId, userId, onlyFrom } = options
  if (queue === 'BUSINESS_REVIEW') {
    const condition =
      onlyFrom === undefined ? undefined : onlyFrom === null ? isNull(businesses.assigneeId) : eq(businesses.assigneeId, onlyFrom)
    const updated = await tx
      .update(businesses)
      .set({ assigneeId: userId })
      .where(and(eq(businesses.id, itemId), eq(businesses.approvalStatus, 'PENDING'), condition))
      .returning({ id: businesses.id })
    return updated.length > 0
  }
  const holds = assignmentHolds('queue_assignments', sql`${new Date(options.enteredAt).toISOString()}::timestamptz`)
  if (onlyFrom !== undefined) {
    const [held] = await tx
      .select({ assigneeId: queueAssignments.assigneeId, holds: sql<boolean>`${holds}` })
      .from(queueAssignments)
      .where(and(eq(queueAssignments.queue, queue), eq(queueAssignments.itemId, itemId)))
      .for('update')
    if ((held?.holds ? held.assigneeId : null) !== onlyFrom) return false
  }
  if (userId === null) {
    await tx.delete(queueAssignments).where(and(eq(queueAssignments.queue, queue), eq(queueAssignments.itemId, itemId)))
    return true
  }
  const written = await tx
    .insert(queueAssignments)
    .values({ queue, itemId, assigneeId: userId, assignedBy: options.by })
    .onConflictDoUpdate({
      target: [queueAssignments.queue, queueAssignments.itemId],
      set: { assigneeId: userId, assignedBy: options.by, assignedAt: new Date() },
      // A claim of an unassigned item loses to one that inserted first, and replaces only an earlier turn's.
      ...(onlyFrom === null ? { setWhere: sql`NOT (${holds})` } : {}),
    })
    .returning({ itemId: queueAssignments.itemId })
  return written.length > 0
}

async function assertMayDecide(db: Executor, queue: Queue, userId: string, field: string, now: Date) {
  const pool = await staffHolding(db, { permission: QUEUE_SOURCES[queue].decidingPermission })
  if (!pool.includes(userId))
    throw new AppError(
      'VALIDATION_FAILED',
      `The assignee must be an active staff member who may decide ${QUEUE_LABELS[queue].toLowerCase()} (${QUEUE_SOURCES[queue].decidingPermission})`,
      { field },
    )
  await assertNotAway(db, userId, field, now)
}

/**
 * `POST /queues/{queue}/assignments`: a supervisor gives open items to a staff member who may decide them (or takes
 * them back, `userId: null`), with a reason; each item audited with its previous assignee. All or nothing: an item no
 * longer open (decided meanwhile), or one the assignee made (four-eyes), refuses the whole call.
 */
export async function assignItems(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  queue: Queue
  itemIds: string[]
  userId: string | null
  reason: string
  now?: Date
}) {
  const { db, actor, audit, queue, userId, reason, now = new Date() } = options
  assertStaffWithAny(actor, ...QUEUE_SUPERVISORS)
  const itemIds = [...new Set(options.itemIds)]
  if (userId) await assertMayDecide(db, queue, userId, 'userId', now)
  return db.transaction(async (tx) => {
    const rows = await openItems(
      tx,
      queue,
      sql`q.item_id IN (${sql.join(
        itemIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      itemIds.length,
    )
    const byId = new Map(rows.map((r) => [r.item_id, r]))
    const missing = itemIds.filter((id) => !byId.has(id))
    if (missing.length)
      throw new AppError('INVALID_STATE', `No longer waiting in the ${QUEUE_LABELS[queue]} queue: ${missing.join(', ')}`)
    const assigned: { itemId: string; previousAssigneeId: string | null }[] = []
    for (const itemId of itemIds) {
      const row = byId.get(itemId)!
      if (userId && row.maker_ids.includes(userId))
        throw new AppError(
          'VALIDATION_FAILED',
          `The assignee made item ${itemId}, registered its business or belongs to it, so cannot decide it (four-eyes)`,
          { field: 'userId' },
        )
      await setAssignee(tx, { queue, itemId, enteredAt: row.entered_at, userId, by: actor.userId })
      await appendAudit(tx, audit, {
        resource: 'queue_item',
        resourceId: `${queue}:${itemId}`,
        action: userId ? 'REASSIGNED' : 'UNASSIGNED',
        before: { assigneeId: row.assignee_id },
        after: { queue, itemId, businessId: row.business_id, assigneeId: userId, reason },
      })
      if (userId) await emitQueueEvent(tx, { kind: 'ASSIGNED', queue, itemId, businessId: row.business_id, userIds: [userId] })
      assigned.push({ itemId, previousAssigneeId: row.assignee_id })
    }
    return { queue, assigned, assigneeId: userId }
  })
}

/**
 * `POST /queues/{queue}/next`: the oldest due item the caller may decide (deciding permission; not one they made; not
 * someone else's), taken by them. Two reviewers asking at once never get the same item: the claim is conditional on
 * the item being unassigned, and the loser goes on to the next. Null when nothing is waiting.
 */
export async function takeNextItem(options: { db: Database; actor: Actor; audit: AuditContext; queue: Queue; now?: Date }) {
  const { db, actor, audit, queue, now = new Date() } = options
  assertStaffWithAny(actor, QUEUE_SOURCES[queue].decidingPermission)
  const levels = await loadServiceLevels(db)
  // Asked again, the item they already have (taken, or given them by a supervisor or the rota) before a new one.
  const [held] = await openItems(db, queue, sql`q.assignee_id = ${actor.userId}`, 1)
  if (held) return toItem(queue, held, levels, now)
  const candidates = await openItems(
    db,
    queue,
    sql`q.assignee_id IS NULL AND NOT (${actor.userId}::text = ANY (q.maker_ids))`,
    20,
  )
  for (const row of candidates) {
    const won = await db.transaction(async (tx) => {
      if (
        !(await setAssignee(tx, {
          queue,
          itemId: row.item_id,
          enteredAt: row.entered_at,
          userId: actor.userId,
          by: actor.userId,
          onlyFrom: null,
        }))
      )
        return false
      await appendAudit(tx, audit, {
        resource: 'queue_item',
        resourceId: `${queue}:${row.item_id}`,
        action: 'TAKEN',
        before: { assigneeId: null },
        after: { queue, itemId: row.item_id, businessId: row.business_id, assigneeId: actor.userId },
      })
      return true
    })
    if (won) return toItem(queue, { ...row, assignee_id: actor.userId }, levels, now)
  }
  return null
}

/**
 * `POST /queues/{queue}/items/{itemId}/claim`: the caller takes one unassigned item. Of two claims at once one wins,
 * the other gets 409 ALREADY_ASSIGNED.
 */
export async function claimItem(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  queue: Queue
  itemId: string
  now?: Date
}) {
  const { db, actor, audit, queue, itemId, now = new Date() } = options
  assertStaffWithAny(actor, QUEUE_SOURCES[queue].decidingPermission)
  const levels = await loadServiceLevels(db)
  const [row] = await openItems(db, queue, sql`q.item_id = ${itemId}`, 1)
  if (!row) throw new AppError('NOT_FOUND', `No such item waiting in the ${QUEUE_LABELS[queue]} queue`)
  if (row.maker_ids.includes(actor.userId))
    throw new AppError('FOUR_EYES', 'You made this item, registered its business or belong to it, so someone else must decide it')
  if (row.assignee_id === actor.userId) return toItem(queue, row, levels, now)
  const won = await db.transaction(async (tx) => {
    if (
      !(await setAssignee(tx, {
        queue,
        itemId,
        enteredAt: row.entered_at,
        userId: actor.userId,
        by: actor.userId,
        onlyFrom: null,
      }))
    )
      return false
    await appendAudit(tx, audit, {
      resource: 'queue_item',
      resourceId: `${queue}:${itemId}`,
      action: 'TAKEN',
      before: { assigneeId: null },
      after: { queue, itemId, businessId: row.business_id, assigneeId: actor.userId },
    })
    return true
  })
  if (!won) throw new AppError('CONFLICT', 'Someone else has this item already')
  return toItem(queue, { ...row, assignee_id: actor.userId }, levels, now)
}

/**
 * Auto-assignment (docs/service-levels.md#assignment), run by the service-level job: in each queue with it on, every
 * unassigned open item goes to the next available staff member holding the deciding permission after the last one
 * given an item (round-robin by user id), never to its maker. The queue's row is locked with SKIP LOCKED, so of two
 * instances running at once one assigns and the other passes.
 */
export async function runAutoAssignment(options: { db: Database; audit: AuditContext; now?: Date }) {
  const { db, audit, now = new Date() } = options
  const levels = await loadServiceLevels(db)
  const assigned: { queue: Queue; itemId: string; userId: string }[] = []
  for (const queue of QUEUES) {
    if (!levels.autoAssign(queue)) continue
    const pool = await staffHolding(db, { permission: QUEUE_SOURCES[queue].decidingPermission, available: true, now })
    if (!pool.length) continue
    await db.transaction(async (tx) => {
      const [level] = await tx
        .select()
        .from(queueServiceLevels)
        .where(eq(queueServiceLevels.queue, queue))
        .for('update', { skipLocked: true })
      if (!level) return
      const items = await openItems(tx, queue, sql`q.assignee_id IS NULL`, 100)
      let last = level.lastAssigneeId
      for (const item of items) {
        const start = last ? pool.findIndex((id) => id > last!) : 0
        const order = [...pool.slice(start < 0 ? 0 : start), ...pool.slice(0, start < 0 ? 0 : start)]
        const userId = order.find((id) => !item.maker_ids.includes(id))
        if (!userId) continue
        if (
          !(await setAssignee(tx, { queue, itemId: item.item_id, enteredAt: item.entered_at, userId, by: null, onlyFrom: null }))
        )
          continue
        await appendAudit(tx, audit, {
          resource: 'queue_item',
          resourceId: `${queue}:${item.item_id}`,
          action: 'AUTO_ASSIGNED',
          before: { assigneeId: null },
          after: { queue, itemId: item.item_id, businessId: item.business_id, assigneeId: userId },
        })
        await emitQueueEvent(tx, {
          kind: 'ASSIGNED',
          queue,
          itemId: item.item_id,
          businessId: item.business_id,
          userIds: [userId],
        })
        assigned.push({ queue, itemId: item.item_id, userId })
        last = userId
      }
      if (last !== level.lastAssigneeId)
        await tx.update(queueServiceLevels).set({ lastAssigneeId: last }).where(eq(queueServiceLevels.queue, queue))
    })
  }
  return assigned
}

/** The open items assigned to a user across the queues (offered for reassignment while they are away). */
export async function openItemsAssignedTo(db: Executor, userId: string, now = new Date()): Promise<QueueItem[]> {
  const levels = await loadServiceLevels(db)
  const lists = await Promise.all(
    QUEUES.map(async (queue) =>
      (await openItems(db, queue, sql`q.assignee_id = ${userId}`, 100)).map((row) => toItem(queue, row, levels, now)),
    ),
  )
  return lists.flat()
}

/** `GET /service-levels/availability`: the caller's away date and open items. */
export async function getAvailability(options: { db: Executor; actor: Actor; now?: Date }) {
  const { db, actor } = options
  if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff have an availability')
  const [row] = await db.select().from(staffAvailability).where(eq(staffAvailability.userId, actor.userId))
  return { awayUntil: row?.awayUntil ?? null, openItems: await openItemsAssignedTo(db, actor.userId, options.now) }
}

/**
 * `PUT /service-levels/availability`: the caller is away until a day (inclusive) or back (null). While away they get
 * no auto-assigned items; their open items are listed for reassignment (here and in the escalations view).
 */
export async function setAvailability(options: {
  db: Database
  actor: Actor
  audit: AuditContext
  awayUntil: string | null
  now?: Date
}) {
  const { db, actor, audit, awayUntil, now = new Date() } = options
  if (!actor.isStaff) throw new AppError('FORBIDDEN', 'Only staff set themselves away')
  if (awayUntil && awayUntil < lagosDay(now))
    throw new AppError('VALIDATION_FAILED', 'The day you are back must be today or later', { field: 'awayUntil' })
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(staffAvailability).where(eq(staffAvailability.userId, actor.userId))
    await tx
      .insert(staffAvailability)
      .values({ userId: actor.userId, awayUntil, updatedAt: now })
      .onConflictDoUpdate({ target: staffAvailability.userId, set: { awayUntil, updatedAt: now } })
    await appendAudit(tx, audit, {
      resource: 'staff_availability',
      resourceId: actor.userId,
      action: awayUntil ? 'AWAY' : 'BACK',
      before: { awayUntil: before?.awayUntil ?? null },
      after: { awayUntil },
    })
  })
  return getAvailability({ db, actor, now })
}

/** `GET /queues/{queue}/assignees`: who may be given the queue's items (deciding permission, active), away or not. */
export async function findAssignees(options: { db: Executor; actor: Actor; queue: Queue; now?: Date }) {
  const { db, actor, queue, now = new Date() } = options
  assertStaffWithAny(actor, ...QUEUE_SUPERVISORS)
  const ids = await staffHolding(db, { permission: QUEUE_SOURCES[queue].decidingPermission })
  if (!ids.length) return []
  const rows = rowsOf<{ id: string; first_name: string; last_name: string; away_until: string | null }>(
    await db.execute(sql`SELECT u.id, u.first_name, u.last_name, s.away_until::text AS away_until FROM users u
      LEFT JOIN staff_availability s ON s.user_id = u.id AND s.away_until >= ${lagosDay(now)}::date
      WHERE u.id IN (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) ORDER BY u.first_name, u.last_name LIMIT 500`),
  )
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    awayUntil: r.away_until,
  }))
}
