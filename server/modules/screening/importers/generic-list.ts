import type { ListedDate, ListedEntry, ListedName } from '../list-entry'
import { createCountryLookup, type CountryLookup } from './countries'
import { readCsvRecords } from './csv-records'
import { decodeUtf8 } from './decode-utf8'
import { addCode, addDate, addName, isCalendarDate, singleSpaced } from './entry-parts'
import { ListFileError } from './list-file-error'
import type { ListFileReading, ListFileStream } from './list-file-reading'

/**
 * The one format for lists an operator brings (the Nigeria Sanctions List, a licensed PEP list, an internal watch
 * list): CSV with a header row, or JSON lines, with the same field names. docs/screening-list-format.md describes it;
 * unlike the official lists, a value that does not fit is refused, since the operator can correct the file.
 */

export const GENERIC_LIST_FIELDS = [
  'source_id',
  'kind',
  'name',
  'aliases',
  'weak_aliases',
  'dates_of_birth',
  'nationalities',
  'countries',
  'programmes',
  'listed_on',
  'remarks',
] as const
type GenericField = (typeof GENERIC_LIST_FIELDS)[number]
const REQUIRED_FIELDS: GenericField[] = ['source_id', 'kind', 'name']
/** weak_aliases is CSV only: JSON lines say an alias's quality in the alias itself. */
const JSON_FIELDS = GENERIC_LIST_FIELDS.filter((field) => field !== 'weak_aliases')

/** One record of either encoding, before its values are checked. */
interface GenericRecord {
  sourceId: string
  kind: string
  name: string
  aliases: Array<{ name: string; quality: ListedName['quality'] }>
  datesOfBirth: string[]
  nationalities: string[]
  countries: string[]
  programmes: string[]
  listedOn: string
  remarks: string
}

const MAX_LINE_CHARACTERS = 1_000_000

/** A generic-format date of birth: YYYY-MM-DD, YYYY or YYYY..YYYY; null when it is none of them. */
function genericDate(text: string): ListedDate | null {
  if (isCalendarDate(text)) return { kind: 'EXACT', date: text }
  if (/^\d{4}$/.test(text)) return { kind: 'YEAR', year: Number(text) }
  const range = /^(\d{4})\.\.(\d{4})$/.exec(text)
  if (range && Number(range[1]) < Number(range[2])) return { kind: 'RANGE', fromYear: Number(range[1]), toYear: Number(range[2]) }
  return null
}

function createEntryChecker(countries: CountryLookup) {
  const linesBySourceId = new Map<string, number>()
  return function toEntry(record: GenericRecord, line: number): ListedEntry {
    const where = `line ${line}`
    const sourceId = record.sourceId.trim()
    if (!sourceId) throw new ListFileError(where, 'source_id is empty')
    const firstLine = linesBySourceId.get(sourceId)
    if (firstLine !== undefined)
      throw new ListFileError(where, `source_id "${sourceId}" appears twice (first on line ${firstLine})`)
    linesBySourceId.set(sourceId, line)
    const kind = record.kind.trim().toUpperCase()
    if (kind !== 'PERSON' && kind !== 'ENTITY') {
      throw new ListFileError(where, `kind "${record.kind.trim()}" is neither PERSON nor ENTITY`)
    }
    const name = singleSpaced(record.name)
    if (!name) throw new ListFileError(where, 'name is empty')

    const names: ListedName[] = [{ name, kind: 'PRIMARY', quality: 'STRONG' }]
    for (const alias of record.aliases) addName(names, { name: alias.name, kind: 'ALIAS', quality: alias.quality })
    const datesOfBirth: ListedDate[] = []
    for (const text of record.datesOfBirth.map((date) => date.trim()).filter(Boolean)) {
      const date = genericDate(text)
      if (!date) throw new ListFileError(where, `dates_of_birth "${text}" is not a date: write YYYY-MM-DD, YYYY or YYYY..YYYY`)
      addDate(datesOfBirth, date)
    }
    const nationalities: string[] = []
    for (const country of record.nationalities) addCode(nationalities, country.trim() ? countries.codeOf(country) : null)
    const otherCountries: string[] = []
    for (const country of record.countries) addCode(otherCountries, country.trim() ? countries.codeOf(country) : null)
    const listedOn = record.listedOn.trim()
    if (listedOn && !isCalendarDate(listedOn))
      throw new ListFileError(where, `listed_on "${listedOn}" is not a date: write YYYY-MM-DD`)

    return {
      sourceId,
      subjectKind: kind,
      names,
      datesOfBirth,
      nationalities,
      countries: otherCountries.filter((code) => !nationalities.includes(code)),
      programmes: [...new Set(record.programmes.map(singleSpaced).filter(Boolean))],
      listedOn: listedOn || null,
      remarks: record.remarks.trim() || null,
    }
  }
}

/** A CSV cell holding several values: `a|b|c`. */
function cellValues(cell: string | undefined): string[] {
  return (cell ?? '')
    .split('|')
    .map((value) => value.trim())
    .filter(Boolean)
}

async function* csvEntries(file: ListFileStream, countries: CountryLookup): AsyncGenerator<ListedEntry> {
  const toEntry = createEntryChecker(countries)
  let columns: GenericField[] | undefined
  for await (const { fields, line } of readCsvRecords(file, (at) => `line ${at}`)) {
    if (!columns) {
      const header = fields.map((field) => field.trim().toLowerCase())
      for (const name of header) {
        if (!(GENERIC_LIST_FIELDS as readonly string[]).includes(name)) {
          throw new ListFileError(`line ${line}`, `unknown column "${name}" (the columns are ${GENERIC_LIST_FIELDS.join(', ')})`)
        }
        if (header.indexOf(name) !== header.lastIndexOf(name))
          throw new ListFileError(`line ${line}`, `column "${name}" appears twice`)
      }
      const missing = REQUIRED_FIELDS.find((field) => !header.includes(field))
      if (missing) throw new ListFileError(`line ${line}`, `the required column "${missing}" is missing from the header row`)
      columns = header as GenericField[]
      continue
    }
    if (fields.length !== columns.length) {
      throw new ListFileError(`line ${line}`, `${fields.length} columns where the header row has ${columns.length}`)
    }
    const cells = new Map(columns.map((column, index) => [column, fields[index] ?? '']))
    yield toEntry(
      {
        sourceId: cells.get('source_id') ?? '',
        kind: cells.get('kind') ?? '',
        name: cells.get('name') ?? '',
        aliases: [
          ...cellValues(cells.get('aliases')).map((name) => ({ name, quality: 'STRONG' as const })),
          ...cellValues(cells.get('weak_aliases')).map((name) => ({ name, quality: 'WEAK' as const })),
        ],
        datesOfBirth: cellValues(cells.get('dates_of_birth')),
        nationalities: cellValues(cells.get('nationalities')),
        countries: cellValues(cells.get('countries')),
        programmes: cellValues(cells.get('programmes')),
        listedOn: cells.get('listed_on') ?? '',
        remarks: cells.get('remarks') ?? '',
      },
      line,
    )
  }
  if (!columns) throw new ListFileError('line 1', 'the file is empty: the header row is missing')
}

/** The file's lines, numbered, without their line ends; a line too long to be a list record is refused. */
async function* numberedLines(file: ListFileStream): AsyncGenerator<{ text: string; line: number }> {
  let pending = ''
  let line = 1
  for await (const chunk of decodeUtf8(file, (at) => `line ${at}`)) {
    pending += chunk
    let start = 0
    for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n', start)) {
      yield { text: pending.slice(start, end).replace(/\r$/, ''), line: line++ }
      start = end + 1
    }
    pending = pending.slice(start)
    if (pending.length > MAX_LINE_CHARACTERS) {
      throw new ListFileError(`line ${line}`, 'the line is longer than a million characters: is this a JSON lines file?')
    }
  }
  if (pending) yield { text: pending.replace(/\r$/, ''), line }
}

/** JSON values of a record, checked for their type with the field named. */
function jsonRecord(value: unknown, where: string): GenericRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ListFileError(where, 'each line must be one JSON object ({"source_id": …, "kind": …, "name": …})')
  }
  const object = value as Record<string, unknown>
  for (const key of Object.keys(object)) {
    if (!(JSON_FIELDS as readonly string[]).includes(key)) {
      const hint =
        key === 'weak_aliases' ? ' (in JSON lines, give a weak alias as {"name": …, "quality": "WEAK"} in aliases)' : ''
      throw new ListFileError(where, `unknown field "${key}"${hint} (the fields are ${JSON_FIELDS.join(', ')})`)
    }
  }
  const text = (field: GenericField, { integer = false } = {}): string => {
    const given = object[field]
    if (given === undefined || given === null) return ''
    if (typeof given === 'string') return given
    if (integer && typeof given === 'number' && Number.isSafeInteger(given)) return String(given)
    throw new ListFileError(where, `${field} must be a string`)
  }
  const texts = (field: GenericField): string[] => {
    const given = object[field]
    if (given === undefined || given === null) return []
    if (!Array.isArray(given) || given.some((item) => typeof item !== 'string')) {
      throw new ListFileError(where, `${field} must be an array of strings`)
    }
    return given as string[]
  }
  const aliasList = object.aliases ?? []
  if (!Array.isArray(aliasList)) throw new ListFileError(where, 'aliases must be an array')
  const aliases = aliasList.map((alias: unknown, index) => {
    if (typeof alias === 'string') return { name: alias, quality: 'STRONG' as const }
    const entry = alias as { name?: unknown; quality?: unknown } | null
    const quality = typeof entry?.quality === 'string' ? entry.quality.toUpperCase() : (entry?.quality ?? 'STRONG')
    if (typeof entry?.name !== 'string' || (quality !== 'STRONG' && quality !== 'WEAK')) {
      throw new ListFileError(where, `aliases[${index}] must be a string or {"name": "…", "quality": "STRONG" or "WEAK"}`)
    }
    return { name: entry.name, quality: quality as ListedName['quality'] }
  })
  return {
    sourceId: text('source_id', { integer: true }),
    kind: text('kind'),
    name: text('name'),
    aliases,
    datesOfBirth: texts('dates_of_birth'),
    nationalities: texts('nationalities'),
    countries: texts('countries'),
    programmes: texts('programmes'),
    listedOn: text('listed_on'),
    remarks: text('remarks'),
  }
}

async function* jsonLinesEntries(file: ListFileStream, countries: CountryLookup): AsyncGenerator<ListedEntry> {
  const toEntry = createEntryChecker(countries)
  for await (const { text, line } of numberedLines(file)) {
    if (!text.trim()) continue
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch (error) {
      const reason = error instanceof SyntaxError ? ` (${error.message})` : ''
      throw new ListFileError(`line ${line}`, `the line is not valid JSON${reason}`)
    }
    yield toEntry(jsonRecord(value, `line ${line}`), line)
  }
}

/** The generic format: `encoding` CSV (a header row, several values in a cell separated by `|`) or JSON lines. */
export function readGenericList({ file, encoding }: { file: ListFileStream; encoding: 'CSV' | 'JSONL' }): ListFileReading {
  const countries = createCountryLookup({ acceptCodes: true })
  return {
    entries: encoding === 'CSV' ? csvEntries(file, countries) : jsonLinesEntries(file, countries),
    publishedOn: () => null,
    unknownCountries: () => countries.unknownNames(),
    // A date that is not one is refused here, never skipped.
    skippedDates: () => [],
  }
}
