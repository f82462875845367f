import type { ListedEntry } from '../list-entry'

/** A list file's bytes: a Node `Readable` (e.g. `fs.createReadStream`) or any async iterable of bytes or text. */
export type ListFileStream = AsyncIterable<Uint8Array | string>

/** What an importer gives back for one list file. */
export interface ListFileReading {
  /**
   * The entries, one by one, as the file is read (read them once). The first malformed part of the file throws a
   * ListFileError naming where it is; entries already yielded must then be thrown away with the rest of the load.
   */
  entries: AsyncIterable<ListedEntry>
  /** The publication date the file states (YYYY-MM-DD: the UN's dateGenerated), known once reading has begun; else null. */
  publishedOn(): string | null
  /** Country words no lookup knew, dropped from the entries (for the operator to see). */
  unknownCountries(): string[]
  /** Dates of birth the source wrote in a way that is not a date (`QDi.123: DOB 31 Feb 1970`), skipped. */
  skippedDates(): string[]
}

const MAX_NOTED = 1000

/** A set of remarks about a file that stays small whatever the file's size: the first 1,000 distinct ones. */
export function createNotes(): { add(note: string): void; list(): string[] } {
  const notes = new Set<string>()
  return {
    add(note) {
      if (notes.size < MAX_NOTED) notes.add(note)
    },
    list: () => [...notes],
  }
}
