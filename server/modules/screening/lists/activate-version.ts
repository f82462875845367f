import { and, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import type { Tx } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import {
  screeningEntries,
  screeningEntryNames,
  screeningListVersions,
  screeningLists,
  screeningRuns,
  screeningStagedEntries,
  type ScreeningList,
} from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { ListedEntry } from '../list-entry'
import { entryNameRows, entryRow } from './entry-rows'

const INSERT_BATCH = 500

/**
 * The swap (docs/screening.md#loading-a-list): the staged version becomes the list's current one in the caller's
 * transaction. Changed and removed entries are retired (kept, so past results still read what they matched), added and
 * changed ones inserted with their searchable names, the previous version superseded, and a monitoring run queued for
 * what changed. Refused unless the version is still waiting (STAGED or PENDING).
 */
export async function activateListVersion(
  tx: Tx,
  options: { versionId: string; activatedBy: string | null; audit: AuditContext; now?: Date },
): Promise<{ listCode: string; number: number; added: number; changed: number; removed: number; runId: string | null }> {
  const now = options.now ?? new Date()
  const [version] = await tx
    .select()
    .from(screeningListVersions)
    .where(eq(screeningListVersions.id, options.versionId))
    .for('update')
  if (!version || (version.status !== 'STAGED' && version.status !== 'PENDING')) {
    throw new AppError('INVALID_STATE', 'This list version is no longer waiting to be loaded')
  }
  const [list] = await tx.select().from(screeningLists).where(eq(screeningLists.id, version.listId)).for('update')
  const staged = sql`(select source_id, content_hash from screening_staged_entries where version_id = ${version.id})`
  // Retire what changed or went: current entries whose source id is missing from the file or carries another hash.
  const retired = await tx
    .update(screeningEntries)
    .set({ retiredIn: version.id })
    .where(
      and(
        eq(screeningEntries.listId, list!.id),
        isNull(screeningEntries.retiredIn),
        sql`not exists (select 1 from ${staged} s where s.source_id = ${screeningEntries.sourceId} and s.content_hash = ${screeningEntries.contentHash})`,
      ),
    )
    .returning({ id: screeningEntries.id, sourceId: screeningEntries.sourceId })
  if (retired.length) {
    for (let i = 0; i < retired.length; i += INSERT_BATCH) {
      const ids = retired.slice(i, i + INSERT_BATCH).map((r) => r.id)
      await tx.delete(screeningEntryNames).where(inArray(screeningEntryNames.entryId, ids))
    }
  }
  // New or changed: staged entries without a current entry of the same source id (those just retired included).
  const fresh = rowsOf<{ entry: ListedEntry }>(
    await tx.execute(sql`
      select s.entry from screening_staged_entries s
      where s.version_id = ${version.id}
        and not exists (select 1 from screening_entries e where e.list_id = ${list!.id} and e.retired_in is null and e.source_id = s.source_id)
      order by s.source_id`),
  ).map((r) => r.entry)
  await insertEntries(tx, { list: list!, versionId: version.id, entries: fresh })
  const retiredIds = new Set(retired.map((r) => r.sourceId))
  const changed = fresh.filter((e) => retiredIds.has(e.sourceId)).length
  const counts = { added: fresh.length - changed, changed, removed: retired.length - changed }

  await tx
    .update(screeningListVersions)
    .set({ status: 'SUPERSEDED' })
    .where(
      and(
        eq(screeningListVersions.listId, list!.id),
        eq(screeningListVersions.status, 'ACTIVE'),
        ne(screeningListVersions.id, version.id),
      ),
    )
  await tx
    .update(screeningListVersions)
    .set({ status: 'ACTIVE', activatedAt: now, activatedBy: options.activatedBy, ...counts })
    .where(eq(screeningListVersions.id, version.id))
  await tx.delete(screeningStagedEntries).where(eq(screeningStagedEntries.versionId, version.id))
  const runId = await queueMonitoringRun(tx, version.id, counts.added + counts.changed)
  await appendAudit(tx, options.audit, {
    resource: 'screening_list',
    resourceId: list!.id,
    action: 'LOAD',
    after: {
      list: list!.code,
      version: version.number,
      source: version.source,
      checksum: version.checksum,
      recordCount: version.recordCount,
      ...counts,
      stagedBy: version.stagedBy,
      activatedBy: options.activatedBy,
    },
  })
  return { listCode: list!.code, number: version.number, ...counts, runId }
}

/**
 * A designation entered by hand (the domestic list): a new version of the list holding the previous entries and this
 * one, active at once in the caller's transaction (the caller is the approval of its four-eyes request).
 */
export async function addListedEntry(
  tx: Tx,
  options: { listCode: string; entry: ListedEntry; enteredBy: string; activatedBy: string | null; audit: AuditContext },
) {
  const [list] = await tx.select().from(screeningLists).where(eq(screeningLists.code, options.listCode)).for('update')
  if (!list) throw new AppError('NOT_FOUND', 'Screening list not found')
  const [existing] = await tx
    .select({ id: screeningEntries.id })
    .from(screeningEntries)
    .where(
      and(
        eq(screeningEntries.listId, list.id),
        eq(screeningEntries.sourceId, options.entry.sourceId),
        isNull(screeningEntries.retiredIn),
      ),
    )
  if (existing)
    throw new AppError('CONFLICT', `The list already holds an entry with the reference ${options.entry.sourceId}`, {
      field: 'sourceId',
    })
  const [last] = await tx
    .select({ n: max(screeningListVersions.number) })
    .from(screeningListVersions)
    .where(eq(screeningListVersions.listId, list.id))
  const [{ current }] = rowsOf<{ current: number }>(
    await tx.execute(
      sql`select count(*)::int as current from screening_entries where list_id = ${list.id} and retired_in is null`,
    ),
  ) as [{ current: number }]
  const now = new Date()
  await tx
    .update(screeningListVersions)
    .set({ status: 'SUPERSEDED' })
    .where(and(eq(screeningListVersions.listId, list.id), eq(screeningListVersions.status, 'ACTIVE')))
  const [version] = await tx
    .insert(screeningListVersions)
    .values({
      listId: list.id,
      number: (last?.n ?? 0) + 1,
      status: 'ACTIVE',
      source: `entry ${options.entry.sourceId} added by hand`,
      checksum: entryRow(options.entry, { listId: list.id, versionId: list.id }).contentHash,
      recordCount: current + 1,
      added: 1,
      changed: 0,
      removed: 0,
      stagedBy: options.enteredBy,
      activatedAt: now,
      activatedBy: options.activatedBy,
    })
    .returning()
  const [entryId] = await insertEntries(tx, {
    list,
    versionId: version!.id,
    entries: [options.entry],
    enteredBy: options.enteredBy,
  })
  const runId = await queueMonitoringRun(tx, version!.id, 1)
  await appendAudit(tx, options.audit, {
    resource: 'screening_list',
    resourceId: list.id,
    action: 'ADD_ENTRY',
    after: {
      list: list.code,
      version: version!.number,
      entry: options.entry,
      enteredBy: options.enteredBy,
      activatedBy: options.activatedBy,
    },
  })
  return { entryId: entryId!, versionId: version!.id, number: version!.number, runId }
}

async function insertEntries(
  tx: Tx,
  options: { list: ScreeningList; versionId: string; entries: ListedEntry[]; enteredBy?: string },
): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < options.entries.length; i += INSERT_BATCH) {
    const batch = options.entries.slice(i, i + INSERT_BATCH)
    const inserted = await tx
      .insert(screeningEntries)
      .values(
        batch.map((e) => entryRow(e, { listId: options.list.id, versionId: options.versionId, enteredBy: options.enteredBy })),
      )
      .returning({ id: screeningEntries.id, subjectKind: screeningEntries.subjectKind, names: screeningEntries.names })
    const names = inserted.flatMap(entryNameRows)
    for (let j = 0; j < names.length; j += INSERT_BATCH)
      await tx.insert(screeningEntryNames).values(names.slice(j, j + INSERT_BATCH))
    ids.push(...inserted.map((r) => r.id))
  }
  return ids
}

/** A monitoring run for a version that added or changed entries (nothing to re-screen against otherwise). */
async function queueMonitoringRun(tx: Tx, versionId: string, changedEntries: number): Promise<string | null> {
  if (changedEntries === 0) return null
  const [run] = await tx.insert(screeningRuns).values({ versionId }).returning({ id: screeningRuns.id })
  return run!.id
}
