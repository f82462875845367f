import { readGenericList } from './generic-list'
import type { ListFileReading, ListFileStream } from './list-file-reading'
import { readOfacLegacyCsv } from './ofac-legacy-csv'
import { readUnConsolidatedXml } from './un-consolidated-xml'

export { ListFileError } from './list-file-error'
export type { ListFileReading, ListFileStream } from './list-file-reading'

export type ListFileFormat = 'UN_XML' | 'OFAC_CSV' | 'GENERIC_CSV' | 'GENERIC_JSONL'

/** The files of one list: one for most formats; OFAC's legacy CSV is sdn.csv with its optional alt.csv and add.csv. */
export type ListFiles =
  | { format: 'UN_XML' | 'GENERIC_CSV' | 'GENERIC_JSONL'; files: { list: ListFileStream } }
  | { format: 'OFAC_CSV'; files: { sdn: ListFileStream; alt?: ListFileStream; add?: ListFileStream } }

/**
 * Reads a sanctions, PEP or watch list file as ListedEntry values, streamed: nothing is kept but the entry being read
 * (and, to refuse duplicates, the ids seen). Nothing is read until `entries` is iterated.
 */
export function readListFile(options: ListFiles): ListFileReading {
  switch (options.format) {
    case 'UN_XML':
      return readUnConsolidatedXml({ file: options.files.list })
    case 'OFAC_CSV':
      return readOfacLegacyCsv(options.files)
    case 'GENERIC_CSV':
      return readGenericList({ file: options.files.list, encoding: 'CSV' })
    case 'GENERIC_JSONL':
      return readGenericList({ file: options.files.list, encoding: 'JSONL' })
  }
}
