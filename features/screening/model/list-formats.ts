import type { ScreeningFileFormat, ScreeningListKind } from '@/lib/contracts/screening-values'

/** One file a load takes: the OFAC trio names its three parts, every other format has one `list` file. */
export type ListFilePart = 'list' | 'sdn' | 'alt' | 'add'

export const LIST_FORMAT_WORDS: Record<ScreeningFileFormat, string> = {
  UN_XML: 'UN XML (the official consolidated list)',
  OFAC_CSV: 'OFAC CSV trio (sdn.csv, alt.csv, add.csv)',
  GENERIC_CSV: 'Generic CSV',
  GENERIC_JSONL: 'Generic JSON lines',
}

export const LIST_KIND_WORDS: Record<ScreeningListKind, string> = {
  SANCTIONS: 'Sanctions',
  PEP: 'Politically exposed persons',
  WATCH: 'Watch list',
}

/** The files a format is loaded from, in the order the form asks for them. */
export const LIST_FORMAT_PARTS: Record<ScreeningFileFormat, readonly { part: ListFilePart; label: string; accept: string }[]> = {
  UN_XML: [{ part: 'list', label: 'UN list file (XML)', accept: '.xml,application/xml,text/xml' }],
  OFAC_CSV: [
    { part: 'sdn', label: 'sdn.csv (the names)', accept: '.csv,text/csv' },
    { part: 'alt', label: 'alt.csv (the aliases)', accept: '.csv,text/csv' },
    { part: 'add', label: 'add.csv (the addresses)', accept: '.csv,text/csv' },
  ],
  GENERIC_CSV: [{ part: 'list', label: 'List file (CSV)', accept: '.csv,text/csv' }],
  GENERIC_JSONL: [{ part: 'list', label: 'List file (JSON lines)', accept: '.jsonl,.ndjson,.json,application/x-ndjson' }],
}

/** The formats a list takes: the official lists only their own, the others either generic encoding (the API's rule). */
export function formatsForList(listFormat: ScreeningFileFormat): ScreeningFileFormat[] {
  return listFormat.startsWith('GENERIC') ? ['GENERIC_CSV', 'GENERIC_JSONL'] : [listFormat]
}

/** The lists whose designations are entered by hand: never the UN or OFAC lists, which change only by their file. */
export const DESIGNATION_LIST_CODE = 'NG_DOMESTIC'

/** The choice of what a name is, in the designation and search forms. */
export const SUBJECT_KIND_OPTIONS = [
  { value: 'PERSON', label: 'Person' },
  { value: 'ENTITY', label: 'Entity (company, group, vessel…)' },
]

/** A score (0 to 1) as staff read it: two decimals. */
export const formatScore = (score: number) => score.toFixed(2)

/** A factor's effect on the score, signed: +0.12, −0.30. */
export const formatEffect = (effect: number) => `${effect >= 0 ? '+' : '−'}${Math.abs(effect).toFixed(2)}`

/** The scorer's factors (server/modules/screening/matching/score-candidate.ts) in words; an unknown one as it comes. */
const FACTOR_WORDS: Record<string, string> = {
  name: 'Name',
  'date-of-birth': 'Date of birth',
  nationality: 'Nationality',
  kind: 'Person or entity',
  'weak-alias': 'Weak alias',
  'common-names-only': 'Common names only',
  bounds: 'Kept within 0 and 1',
}
export const factorWords = (factor: string) => FACTOR_WORDS[factor] ?? factor
