import { count, eq } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import { statusWords } from '@/lib/format/status-words'
import { PERMISSIONS } from '@/lib/permissions/names'
import { insertAudited, type AuditContext } from '@/server/audit/append-audit'
import type { Database, Executor, Tx } from '@/server/db/client'
import { governmentEntities, type GovernmentEntityRow } from '@/server/db/schema'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'

/** docs/domain.md#government: government officers (and super admins) hold this; every government call needs it. */
export const GOVERNMENT_OFFICERS = [PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY] as const

export async function getEntityRowOrThrow(db: Executor, id: string): Promise<GovernmentEntityRow> {
  const [row] = await db.select().from(governmentEntities).where(eq(governmentEntities.id, id))
  if (!row) throw notFound('Government entity')
  return row
}

/**
 * The entity, locked for the rest of the transaction, when it may still change: an archived entity's records are
 * frozen (409 INVALID_STATE), and an archive racing a change waits for it (or the change waits for the archive and
 * is then refused). `field` names the body field that carried the id, so a missing entity is a 400 on it.
 */
export async function lockActiveEntity(tx: Tx, id: string, field?: string): Promise<GovernmentEntityRow> {
  const [row] = await tx.select().from(governmentEntities).where(eq(governmentEntities.id, id)).for('update')
  if (!row) {
    if (field) throw new AppError('VALIDATION_FAILED', 'Choose an existing government entity', { field })
    throw notFound('Government entity')
  }
  if (row.archiveStatus !== 'ACTIVE')
    throw new AppError(
      'INVALID_STATE',
      `The entity is ${statusWords(row.archiveStatus)}: unarchive it before changing its records`,
    )
  return row
}

/**
 * `lockActiveEntity` for adding one more record under the entity: refused (409) when it already holds `max` of them.
 * The count runs under the entity's lock, so two adds racing for the last place cannot both get it.
 */
export async function lockEntityWithRoom(
  tx: Tx,
  options: { entityId: string; children: PgColumn; max: number; noun: string },
): Promise<GovernmentEntityRow> {
  const entity = await lockActiveEntity(tx, options.entityId, 'entityId')
  const [{ n }] = (await tx
    .select({ n: count() })
    .from(options.children.table)
    .where(eq(options.children, options.entityId))) as [{ n: number }]
  if (n >= options.max) throw new AppError('CONFLICT', `An entity can have at most ${options.max} ${options.noun}`)
  return entity
}

/** What a government officer's call that adds a record takes. */
export interface OfficerAddition<Input extends { entityId: string }> {
  db: Database
  actor: Actor
  input: Input
  audit: AuditContext
}

/**
 * Adds one record under `input.entityId` as a government officer: in one transaction the entity is locked with room
 * for it (lockEntityWithRoom), `check` runs (its files), the row is inserted and its creation audited.
 */
export async function addToEntity<Table extends PgTable & { $inferSelect: { id: string } }>(
  options: OfficerAddition<{ entityId: string }>,
  record: {
    table: Table
    children: PgColumn
    max: number
    noun: string
    resource: string
    check: (tx: Tx) => Promise<void>
    values: Table['$inferInsert']
  },
): Promise<Table['$inferSelect']> {
  assertStaffWithAny(options.actor, ...GOVERNMENT_OFFICERS)
  return options.db.transaction(async (tx) => {
    const { children, max, noun } = record
    await lockEntityWithRoom(tx, { entityId: options.input.entityId, children, max, noun })
    await record.check(tx)
    return insertAudited(tx, options.audit, record)
  })
}
