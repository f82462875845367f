import { asc, eq, isNull } from 'drizzle-orm'
import type { ScreeningListKind } from '@/lib/contracts/screening-values'
import type { Executor } from '@/server/db/client'
import { screeningEntries, screeningListVersions, screeningLists, type ScreeningEntry } from '@/server/db/schema'
import type { ListedEntry } from '../list-entry'
import { toListedEntry } from '../lists/entry-rows'
import { CandidateIndex } from '../matching/candidate-index'

export interface CurrentEntry {
  entry: ScreeningEntry
  listed: ListedEntry
  list: { id: string; code: string; name: string; kind: ScreeningListKind }
}

/** Every current entry of every list, and the candidate index over them. */
export interface CurrentEntries {
  /** The active versions' ids: what the entries are as of. */
  key: string
  entries: CurrentEntry[]
  index: CandidateIndex
  /**
   * The index over only the entries the given list versions added or changed, and their positions in `entries`:
   * monitoring screens every business against a version's few changes, not against every entry.
   */
  indexOfAdded(versionIds: readonly string[]): { index: CandidateIndex; positions: number[] }
}

let cached: { key: string; built: Promise<CurrentEntries> } | undefined

/**
 * The current entries as this process holds them (docs/screening.md#matching): read and indexed once per set of
 * active list versions. Every change to a list's entries (a loaded file, a designation by hand) makes a new active
 * version with a new id, so one indexed read of those ids tells whether the held copy is current, in every process.
 * Read through `db`, which may be the transaction that activated a version: its new id is then the key, and an id
 * never recurs, so a copy read in a transaction that rolls back is simply never asked for again.
 */
export async function currentEntries(db: Executor): Promise<CurrentEntries> {
  const active = await db
    .select({ id: screeningListVersions.id })
    .from(screeningListVersions)
    .where(eq(screeningListVersions.status, 'ACTIVE'))
    .orderBy(asc(screeningListVersions.id))
  const key = active.map((v) => v.id).join(',')
  if (cached?.key === key) return cached.built
  const built = readCurrentEntries(db, key)
  cached = { key, built }
  built.catch(() => {
    if (cached?.built === built) cached = undefined
  })
  return built
}

async function readCurrentEntries(db: Executor, key: string): Promise<CurrentEntries> {
  const rows = await db
    .select({
      entry: screeningEntries,
      list: { id: screeningLists.id, code: screeningLists.code, name: screeningLists.name, kind: screeningLists.kind },
    })
    .from(screeningEntries)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningEntries.listId))
    .where(isNull(screeningEntries.retiredIn))
  const entries = rows.map(({ entry, list }) => ({ entry, list, listed: toListedEntry(entry) }))
  const added = new Map<string, { index: CandidateIndex; positions: number[] }>()
  return {
    key,
    entries,
    index: new CandidateIndex(entries.map((e) => e.listed)),
    indexOfAdded(versionIds) {
      const addedKey = [...versionIds].sort().join(',')
      let found = added.get(addedKey)
      if (!found) {
        const wanted = new Set(versionIds)
        const positions = entries.flatMap((e, position) => (wanted.has(e.entry.addedIn) ? [position] : []))
        found = { index: new CandidateIndex(positions.map((p) => entries[p]!.listed)), positions }
        // A few versions are monitored at a time; older ones are done.
        if (added.size >= 8) added.clear()
        added.set(addedKey, found)
      }
      return found
    },
  }
}
