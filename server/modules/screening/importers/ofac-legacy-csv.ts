import type { ListedDate, ListedEntry, ListedName } from '../list-entry'
import { createCountryLookup, type CountryLookup } from './countries'
import { readCsvRecords } from './csv-records'
import { addCode, addDate, addName, isCalendarDate, yearRange } from './entry-parts'
import { ListFileError } from './list-file-error'
import { createNotes, type ListFileReading, type ListFileStream } from './list-file-reading'

/**
 * OFAC's SDN list in its legacy CSV trio: sdn.csv (one line per listed subject), alt.csv (its a.k.a.s) and add.csv (its
 * addresses), no header row, `-0-` for an empty field. OFAC orders all three by ent_num, so they are read side by
 * side in one pass (a merge-join) and memory stays flat: no file is held in a map. A file out of order is refused.
 */

const SDN_COLUMNS = [
  'ent_num',
  'SDN_Name',
  'SDN_Type',
  'Program',
  'Title',
  'Call_Sign',
  'Vess_type',
  'Tonnage',
  'GRT',
  'Vess_flag',
  'Vess_owner',
  'Remarks',
]
const ALT_COLUMNS = ['ent_num', 'alt_num', 'alt_type', 'alt_name', 'alt_remarks']
const ADD_COLUMNS = ['ent_num', 'add_num', 'address', 'city/state/postal code', 'country', 'add_remarks']
const [SDN_NAME, SDN_TYPE, PROGRAM, VESSEL_FLAG, REMARKS] = [1, 2, 3, 9, 11]
const [ALT_TYPE, ALT_NAME, ALT_REMARKS] = [2, 3, 4]
const ADD_COUNTRY = 4

/** One line of one of the three files, its fields trimmed and `-0-` made empty. */
interface OfacRow {
  entNum: number
  fields: string[]
  line: number
}

type OfacFileName = 'sdn.csv' | 'alt.csv' | 'add.csv'

/**
 * The rows of one file, checked: the column count, a numeric ent_num, and the order (sdn.csv strictly rising,
 * one line per subject; alt.csv and add.csv never falling).
 */
async function* ofacRows(source: ListFileStream, file: OfacFileName, columns: string[]): AsyncGenerator<OfacRow> {
  let previous = -1
  for await (const { fields, line } of readCsvRecords(source, (at) => `line ${at} of ${file}`)) {
    const where = `line ${line} of ${file}`
    if (fields.length !== columns.length) {
      throw new ListFileError(
        where,
        `${fields.length} columns where ${file} has ${columns.length} (${columns.join(', ')}): is this the right file?`,
      )
    }
    const values = fields.map((field) => {
      const value = field.trim()
      return value === '-0-' ? '' : value
    })
    const entNumText = values[0] ?? ''
    if (!/^\d+$/.test(entNumText)) throw new ListFileError(where, `ent_num "${entNumText}" is not a number`)
    const entNum = Number(entNumText)
    if (file === 'sdn.csv' ? entNum <= previous : entNum < previous) {
      throw new ListFileError(
        where,
        `ent_num ${entNum} comes after ${previous}: ${file} must be ordered by ent_num (${file === 'sdn.csv' ? 'each once, ' : ''}as OFAC publishes it)`,
      )
    }
    previous = entNum
    yield { entNum, fields: values, line }
  }
}

/** alt.csv or add.csv read alongside sdn.csv: the rows of one ent_num at a time, in rising order. */
function createRowsByEntNum(rows: AsyncGenerator<OfacRow> | undefined, file: OfacFileName) {
  let head: OfacRow | null | undefined
  const next = async () => {
    if (head === undefined) {
      const step = rows ? await rows.next() : { done: true as const }
      head = step.done ? null : step.value
    }
    return head
  }
  const orphan = (row: OfacRow) =>
    new ListFileError(
      `line ${row.line} of ${file}`,
      `ent_num ${row.entNum} has no line in sdn.csv: the three files must come from the same publication`,
    )
  return {
    /** The rows of `entNum`; a row of a smaller ent_num left unread had no sdn.csv line. */
    async take(entNum: number): Promise<OfacRow[]> {
      const taken: OfacRow[] = []
      for (let row = await next(); row && row.entNum <= entNum; row = await next()) {
        if (row.entNum < entNum) throw orphan(row)
        taken.push(row)
        head = undefined
      }
      return taken
    },
    /** Refuses rows left after the last sdn.csv line. */
    async finish(): Promise<void> {
      const row = await next()
      if (row) throw orphan(row)
    },
  }
}

/** "LAST, First" → "First LAST"; suffixes (Jr., Sr., III) go last: "DELOS REYES, Feliciano, Jr." → "Feliciano DELOS REYES Jr.". */
export function naturalNameOrder(name: string): string {
  const parts = name
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  if (parts.length < 2) return name.trim()
  const [surname, ...rest] = parts as [string, ...string[]]
  const isSuffix = (part: string) => /^(jr|sr|ii|iii|iv)\.?$/i.test(part)
  return [...rest.filter((part) => !isSuffix(part)), surname, ...rest.filter(isSuffix)].join(' ')
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/** One OFAC date: "12 Jan 1960" (a day, null when no such day), "Jan 1960" or "1960" (a year). */
function ofacDay(text: string): { year: number; day?: string } | null {
  const withDay = /^(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(text)
  if (withDay) {
    const month = MONTHS.indexOf(withDay[2]!.toLowerCase()) + 1
    const day = `${withDay[3]}-${String(month).padStart(2, '0')}-${withDay[1]!.padStart(2, '0')}`
    return month > 0 && isCalendarDate(day) ? { year: Number(withDay[3]), day } : null
  }
  const withMonth = /^([A-Za-z]{3})[a-z]*\.? (\d{4})$/.exec(text)
  if (withMonth) return MONTHS.includes(withMonth[1]!.toLowerCase()) ? { year: Number(withMonth[2]) } : null
  return /^\d{4}$/.test(text) ? { year: Number(text) } : null
}

/**
 * A remark's date of birth: "12 Jan 1960", "1960", "circa 1960" (±1, as the UN's APPROXIMATELY), "1958 to 1961",
 * "01 Jan 1960 to 31 Dec 1962". Null for what is not a date ("31 Feb 1970"): the caller skips it and notes it.
 */
export function ofacDateOfBirth(text: string): ListedDate | null {
  let rest = text.trim().replace(/\.$/, '')
  const circa = /^circa /i.test(rest)
  if (circa) rest = rest.slice('circa '.length).trim()
  const ends = rest.split(/ to |(?<=^\d{4})-(?=\d{4}$)/).map((end) => ofacDay(end.trim()))
  if (ends.length > 2 || ends.some((end) => !end)) return null
  const [from, to = from] = ends as [{ year: number; day?: string }, { year: number; day?: string }?]
  if (circa) return yearRange(Math.min(from.year, to.year) - 1, Math.max(from.year, to.year) + 1)
  if (from.day && from.day === to.day) return { kind: 'EXACT', date: from.day }
  return yearRange(from.year, to.year)
}

/** "SDGT] [IFSR" or "[SDGT] [IRGC]" → SDGT, IFSR / SDGT, IRGC. */
function programmesOf(program: string): string[] {
  return [
    ...new Set(
      program
        .split(/[[\]]/)
        .map((code) => code.trim())
        .filter(Boolean),
    ),
  ]
}

/** What sdn.csv's remarks carry: dates of birth, nationalities and citizenships, weak a.k.a.s and f.k.a.s. */
function readRemarks(options: {
  remarks: string
  entNum: number
  isPerson: boolean
  entry: Pick<ListedEntry, 'names' | 'datesOfBirth' | 'nationalities'>
  countries: CountryLookup
  skippedDates: { add(note: string): void }
}): void {
  const { remarks, entNum, isPerson, entry, countries, skippedDates } = options
  for (const rawPart of remarks.split(';')) {
    const part = rawPart.trim().replace(/\.$/, '')
    const birth = /^(?:alt\. )?DOB (.+)$/.exec(part)
    if (birth) {
      const date = ofacDateOfBirth(birth[1]!)
      if (date) addDate(entry.datesOfBirth, date)
      else skippedDates.add(`${entNum}: DOB ${birth[1]}`)
      continue
    }
    const nationality = /^(?:alt\. )?(?:nationality|citizen) (?:possibly )?(.+)$/.exec(part)
    if (nationality) {
      addCode(entry.nationalities, countries.codeOf(nationality[1]!))
      continue
    }
    // OFAC writes its weak aliases (short or generic names) in the remarks, quoted: a.k.a. 'PACHO'.
    const weak = /^([af])\.k\.a\. '(.+)'$/.exec(part)
    if (weak) {
      const name = isPerson ? naturalNameOrder(weak[2]!) : weak[2]!
      addName(entry.names, { name, kind: weak[1] === 'f' ? 'FORMER' : 'ALIAS', quality: 'WEAK' })
    }
  }
}

export function readOfacLegacyCsv(files: { sdn: ListFileStream; alt?: ListFileStream; add?: ListFileStream }): ListFileReading {
  const countries = createCountryLookup({ acceptCodes: false })
  const skippedDates = createNotes()

  async function* entries(): AsyncGenerator<ListedEntry> {
    const aliasRows = files.alt && ofacRows(files.alt, 'alt.csv', ALT_COLUMNS)
    const addressRows = files.add && ofacRows(files.add, 'add.csv', ADD_COLUMNS)
    const aliases = createRowsByEntNum(aliasRows, 'alt.csv')
    const addresses = createRowsByEntNum(addressRows, 'add.csv')
    try {
      for await (const { entNum, fields, line } of ofacRows(files.sdn, 'sdn.csv', SDN_COLUMNS)) {
        const name = fields[SDN_NAME]!
        if (!name) throw new ListFileError(`line ${line} of sdn.csv`, 'SDN_Name is empty')
        const isPerson = fields[SDN_TYPE]!.toLowerCase() === 'individual'
        const inOrder = (text: string) => (isPerson ? naturalNameOrder(text) : text)

        const names: ListedName[] = [{ name: inOrder(name), kind: 'PRIMARY', quality: 'STRONG' }]
        for (const alias of await aliases.take(entNum)) {
          const type = alias.fields[ALT_TYPE]!.toLowerCase().replace(/\./g, '')
          const quality = /\bweak\b/i.test(alias.fields[ALT_REMARKS]!) ? 'WEAK' : 'STRONG'
          addName(names, { name: inOrder(alias.fields[ALT_NAME]!), kind: type === 'fka' ? 'FORMER' : 'ALIAS', quality })
        }
        const entry: ListedEntry = {
          sourceId: String(entNum),
          subjectKind: isPerson ? 'PERSON' : 'ENTITY',
          names,
          datesOfBirth: [],
          nationalities: [],
          countries: [],
          programmes: programmesOf(fields[PROGRAM]!),
          listedOn: null,
          remarks: fields[REMARKS] || null,
        }
        readRemarks({ remarks: fields[REMARKS]!, entNum, isPerson, entry, countries, skippedDates })

        const addressCountries: string[] = []
        for (const address of await addresses.take(entNum)) {
          if (address.fields[ADD_COUNTRY]) addCode(addressCountries, countries.codeOf(address.fields[ADD_COUNTRY]))
        }
        // A vessel's flag is its country of registration.
        if (fields[VESSEL_FLAG]) addCode(addressCountries, countries.codeOf(fields[VESSEL_FLAG]))
        entry.countries = addressCountries.filter((code) => !entry.nationalities.includes(code))
        yield entry
      }
      await aliases.finish()
      await addresses.finish()
    } finally {
      // Closes alt.csv and add.csv when sdn.csv ends early (an error, or a reader that stops).
      await aliasRows?.return(undefined)
      await addressRows?.return(undefined)
    }
  }

  return {
    entries: entries(),
    publishedOn: () => null,
    unknownCountries: () => countries.unknownNames(),
    skippedDates: () => skippedDates.list(),
  }
}
