import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '@/server/db/client'
import { rowsOf } from '@/server/db/rows-of'
import { appSettings, screeningListVersions, screeningLists } from '@/server/db/schema'
import { registerKinds } from '@/server/modules/authorizations/kinds'
import { defineKind } from '@/server/modules/authorizations/kinds/kind'
import type { Snapshot } from '@/server/modules/authorizations/records'
import type { ListedEntry } from '../list-entry'
import { MATCH_THRESHOLD_SETTING, readMatchThreshold, writeMatchThreshold } from '../screen/screening-settings'
import { activateListVersion, addListedEntry } from './activate-version'

export interface ListLoadProposal {
  versionId: string
  listCode: string
  number: number
  source: string
  recordCount: number
  added: number
  changed: number
  removed: number
}

export interface DesignationProposal {
  listCode: string
  entry: ListedEntry
}

export interface ThresholdProposal {
  matchThreshold: number
}

/** The list's active version in words, what a load or a designation changes. */
export async function listSnapshot(db: Executor, listId: string, lock = false): Promise<Snapshot | null> {
  const query = db.select({ id: screeningLists.id }).from(screeningLists).where(eq(screeningLists.id, listId))
  const [list] = lock ? await query.for('update') : await query
  if (!list) return null
  const [active] = await db
    .select()
    .from(screeningListVersions)
    .where(and(eq(screeningListVersions.listId, listId), eq(screeningListVersions.status, 'ACTIVE')))
  const [{ n }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from screening_entries where list_id = ${listId} and retired_in is null`),
  ) as [{ n: number }]
  return {
    version: active ? `version ${active.number} (${active.source})` : 'nothing loaded yet',
    entries: String(n),
  }
}

/**
 * SCREENING_LIST_LOAD (docs/screening.md#loading-a-list): the staged version of a list goes live on approval, in one
 * swap; a monitoring run follows. Stale when the list changed since the request (another load or designation).
 */
export const listLoadKind = defineKind<ListLoadProposal>({
  type: 'SCREENING_LIST_LOAD',
  resource: 'screening_list',
  creates: false,
  labels: { version: 'Version', entries: 'Entries', added: 'Added', changed: 'Changed', removed: 'Removed' },
  current: (db, row, lock) => listSnapshot(db, row.resourceId!, lock),
  proposed: async (_db, p) => ({
    version: `version ${p.number} (${p.source})`,
    entries: String(p.recordCount),
    added: String(p.added),
    changed: String(p.changed),
    removed: String(p.removed),
  }),
  async warnings(_db, row) {
    return row.proposal.removed > 0
      ? [`${row.proposal.removed} entries leave the list: screening stops alerting on them (past results keep them)`]
      : []
  },
  async apply(tx, audit, row, actors) {
    await activateListVersion(tx, { versionId: row.proposal.versionId, activatedBy: actors.checkerId, audit })
    return { resourceId: row.resourceId }
  },
})

/** SCREENING_DESIGNATION: a domestic designation entered by hand joins its list on approval. */
export const designationKind = defineKind<DesignationProposal>({
  type: 'SCREENING_DESIGNATION',
  resource: 'screening_list',
  creates: false,
  labels: { version: 'Version', entries: 'Entries', designation: 'Designation added' },
  current: (db, row, lock) => listSnapshot(db, row.resourceId!, lock),
  async proposed(db, p, before) {
    const n = Number(before?.entries ?? 0)
    return {
      version: 'a new version with this designation',
      entries: String(n + 1),
      designation: `${p.entry.sourceId}: ${p.entry.names.map((x) => x.name).join(' / ')} (${p.entry.subjectKind === 'PERSON' ? 'person' : 'entity'})`,
    }
  },
  async apply(tx, audit, row, actors) {
    await addListedEntry(tx, {
      listCode: row.proposal.listCode,
      entry: row.proposal.entry,
      enteredBy: actors.makerId,
      activatedBy: actors.checkerId,
      audit,
    })
    return { resourceId: row.resourceId }
  },
})

/** SCREENING_THRESHOLD: the score at which a candidate alerts. */
export const thresholdKind = defineKind<ThresholdProposal>({
  type: 'SCREENING_THRESHOLD',
  resource: 'screening_list',
  creates: false,
  labels: { matchThreshold: 'Match threshold' },
  async current(db, _row, lock) {
    if (lock) await db.select().from(appSettings).where(eq(appSettings.key, MATCH_THRESHOLD_SETTING)).for('update')
    return { matchThreshold: String(await readMatchThreshold(db)) }
  },
  proposed: async (_db, p) => ({ matchThreshold: String(p.matchThreshold) }),
  async apply(tx, audit, row, actors) {
    await writeMatchThreshold(tx, audit, {
      matchThreshold: row.proposal.matchThreshold,
      actorId: row.makerId,
      actors: { ...actors },
    })
    return { resourceId: null }
  },
})

registerKinds(listLoadKind, designationKind, thresholdKind)
