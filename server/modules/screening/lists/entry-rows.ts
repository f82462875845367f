import { createHash } from 'node:crypto'
import type { ScreeningEntry } from '@/server/db/schema'
import type { ListedEntry } from '../list-entry'
import { nameSearchKeys } from '../matching/normalize-name'

/** The same entry read twice (or from two versions of a file) hashes the same: key order and name order fixed. */
export function entryContentHash(entry: ListedEntry): string {
  const canonical = JSON.stringify([
    entry.sourceId,
    entry.subjectKind,
    entry.names.map((n) => [n.name, n.kind, n.quality]),
    entry.datesOfBirth.map((d) =>
      d.kind === 'EXACT' ? d.date : d.kind === 'YEAR' ? String(d.year) : `${d.fromYear}..${d.toYear}`,
    ),
    [...entry.nationalities].sort(),
    [...entry.countries].sort(),
    [...entry.programmes].sort(),
    entry.listedOn,
    entry.remarks,
  ])
  return createHash('sha256').update(canonical).digest('hex')
}

/** The row of `screening_entries` for a listed entry (the ids of its list and version given). */
export function entryRow(entry: ListedEntry, ids: { listId: string; versionId: string; enteredBy?: string | null }) {
  return {
    listId: ids.listId,
    sourceId: entry.sourceId,
    subjectKind: entry.subjectKind,
    primaryName: entry.names[0]?.name ?? entry.sourceId,
    names: entry.names,
    datesOfBirth: entry.datesOfBirth,
    nationalities: entry.nationalities,
    countries: entry.countries,
    programmes: entry.programmes,
    listedOn: entry.listedOn,
    remarks: entry.remarks,
    contentHash: entryContentHash(entry),
    addedIn: ids.versionId,
    enteredBy: ids.enteredBy ?? null,
  }
}

/** The searchable names of an entry: one row per distinct normalised name, with its phonetic keys. */
export function entryNameRows(entry: Pick<ScreeningEntry, 'id' | 'subjectKind' | 'names'>) {
  const seen = new Set<string>()
  const rows: { entryId: string; subjectKind: 'PERSON' | 'ENTITY'; normalized: string; phoneticKeys: string[] }[] = []
  for (const name of entry.names) {
    const keys = nameSearchKeys(name.name, entry.subjectKind)
    if (!keys.normalized || seen.has(keys.normalized)) continue
    seen.add(keys.normalized)
    rows.push({ entryId: entry.id, subjectKind: entry.subjectKind, normalized: keys.normalized, phoneticKeys: keys.phoneticKeys })
  }
  return rows
}

/** A stored entry as the scorer reads it. */
export function toListedEntry(row: ScreeningEntry): ListedEntry {
  return {
    sourceId: row.sourceId,
    subjectKind: row.subjectKind,
    names: row.names,
    datesOfBirth: row.datesOfBirth,
    nationalities: row.nationalities,
    countries: row.countries,
    programmes: row.programmes,
    listedOn: row.listedOn,
    remarks: row.remarks,
  }
}
