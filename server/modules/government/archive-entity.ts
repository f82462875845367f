import { and, eq } from 'drizzle-orm'
import type { GovernmentEntityListQuery } from '@/lib/contracts/government'
import { appendAudit } from '@/server/audit/append-audit'
import type { Executor } from '@/server/db/client'
import { governmentEntities } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import type { Actor } from '@/server/http/context'
import { displayName } from '@/server/records/display-name'
import { archiveTransition, type ArchiveStatusChange } from '../archive/archive-transition'
import { findEntities, toEntities } from './entities'
import { getEntityRowOrThrow, GOVERNMENT_OFFICERS } from './government-access'

/**
 * `POST /archive/government-entity/{id}` (ACTIVE → ARCHIVED) and `.../unarchive` (ARCHIVED → ACTIVE), each with a
 * reason (docs/domain.md#government). One conditional UPDATE and the audit row in one transaction: of two officers
 * acting at once one wins, the other gets 409 naming the state. An archived entity's records are frozen.
 */
export async function changeEntityArchiveStatus(options: ArchiveStatusChange & { id: string }) {
  const { db, actor, id, archive, now = new Date() } = options
  assertStaffWithAny(actor, ...GOVERNMENT_OFFICERS)
  await getEntityRowOrThrow(db, id)
  const { from, to, action, refused } = archiveTransition(archive, 'entity')
  const reason = options.reason.trim()
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(governmentEntities).where(eq(governmentEntities.id, id))
    const [after] = await tx
      .update(governmentEntities)
      .set({
        archiveStatus: to,
        // The latest archive or unarchive: when, by whom and why.
        archivedAt: now,
        archivedBy: displayName(actor),
        archiveReason: reason,
        updatedAt: now,
      })
      .where(and(eq(governmentEntities.id, id), eq(governmentEntities.archiveStatus, from)))
      .returning()
    if (!after) throw refused(before?.archiveStatus)
    await appendAudit(tx, options.audit, {
      resource: 'government_entity',
      resourceId: id,
      action,
      before,
      after: { ...after, reason },
    })
    return after
  })
  return (await toEntities(db, [updated]))[0]!
}

/** `GET /archive/government-entities`: archived entities with the list's filters, latest archived first. */
export async function findArchivedEntities(options: {
  db: Executor
  actor: Actor
  query: Omit<GovernmentEntityListQuery, 'archiveStatus'>
}) {
  return findEntities({ ...options, query: { ...options.query, archiveStatus: 'ARCHIVED' } })
}
