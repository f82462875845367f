import { SaxesParser, type SaxesTagPlain } from 'saxes'
import type { ListedDate, ListedEntry, ListedName } from '../list-entry'
import { createCountryLookup } from './countries'
import { decodeUtf8 } from './decode-utf8'
import { addCode, addDate, addName, isCalendarDate, singleSpaced, yearRange } from './entry-parts'
import { ListFileError } from './list-file-error'
import { createNotes, type ListFileReading, type ListFileStream } from './list-file-reading'

/**
 * The UN Security Council Consolidated List (XML, schema sc-sanctions.xsd), read with a streaming SAX parser: only
 * the INDIVIDUAL or ENTITY being read is held in memory, so memory stays flat whatever the file's size.
 */

/** One element of the record being read: its text and child elements. A record is a few kilobytes. */
interface XmlElement {
  name: string
  text: string
  children: XmlElement[]
}

const ROOT = 'CONSOLIDATED_LIST'
/** The record elements and the section each must sit in (CONSOLIDATED_LIST/INDIVIDUALS/INDIVIDUAL). */
const RECORD_SECTIONS = { INDIVIDUAL: 'INDIVIDUALS', ENTITY: 'ENTITIES' } as const
type RecordName = keyof typeof RECORD_SECTIONS

function childText(element: XmlElement, name: string): string {
  return singleSpaced(element.children.find((child) => child.name === name)?.text ?? '')
}

function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name)
}

/** UN alias quality: Good and a.k.a. alert alone; Low is a weak alias; f.k.a. a former name. */
function aliasName(name: string, quality: string): ListedName {
  const word = quality.trim().toLowerCase()
  if (word === 'f.k.a.') return { name, kind: 'FORMER', quality: 'STRONG' }
  return { name, kind: 'ALIAS', quality: word === 'low' ? 'WEAK' : 'STRONG' }
}

/**
 * One INDIVIDUAL_DATE_OF_BIRTH: EXACT with a DATE or only a YEAR, BETWEEN FROM_YEAR and TO_YEAR, APPROXIMATELY a
 * YEAR (±1). Undefined when it holds no date (only a NOTE such as "30-35 years old", or nothing at all).
 */
function unDate(element: XmlElement): ListedDate | undefined {
  const type = childText(element, 'TYPE_OF_DATE').toUpperCase()
  const date = childText(element, 'DATE').slice(0, 10)
  const year = /^\d{4}$/.test(childText(element, 'YEAR')) ? Number(childText(element, 'YEAR')) : undefined
  const dateYear = isCalendarDate(date) ? Number(date.slice(0, 4)) : undefined
  if (type === 'BETWEEN') {
    const [from, to] = [childText(element, 'FROM_YEAR'), childText(element, 'TO_YEAR')]
    if (/^\d{4}$/.test(from) && /^\d{4}$/.test(to)) return yearRange(Number(from), Number(to))
    return undefined
  }
  if (type === 'APPROXIMATELY') {
    const about = year ?? dateYear
    return about === undefined ? undefined : yearRange(about - 1, about + 1)
  }
  if (dateYear !== undefined) return { kind: 'EXACT', date }
  if (year !== undefined) return { kind: 'YEAR', year }
  return undefined
}

/** The date texts of an INDIVIDUAL_DATE_OF_BIRTH, for the skipped-dates note: empty when it holds none. */
function unDateText(element: XmlElement): string {
  return ['DATE', 'YEAR', 'FROM_YEAR', 'TO_YEAR', 'NOTE']
    .map((name) => childText(element, name))
    .filter(Boolean)
    .join(' ')
}

export function readUnConsolidatedXml({ file }: { file: ListFileStream }): ListFileReading {
  const countries = createCountryLookup({ acceptCodes: false })
  const skippedDates = createNotes()
  let publishedOn: string | null = null

  function toEntry(record: XmlElement, recordName: RecordName, where: string): ListedEntry {
    const sourceId = childText(record, 'REFERENCE_NUMBER')
    const isPerson = recordName === 'INDIVIDUAL'
    const nameFields = isPerson ? ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'] : ['FIRST_NAME']
    const primary = nameFields
      .map((field) => childText(record, field))
      .filter(Boolean)
      .join(' ')
    if (!primary) throw new ListFileError(where, 'FIRST_NAME is missing or empty: the record has no name')

    const names: ListedName[] = [{ name: primary, kind: 'PRIMARY', quality: 'STRONG' }]
    const datesOfBirth: ListedDate[] = []
    for (const alias of childrenNamed(record, isPerson ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
      addName(names, aliasName(childText(alias, 'ALIAS_NAME'), childText(alias, 'QUALITY')))
      // A date of birth given with an alias is one the subject used (e.g. on a passport in that name).
      const aliasBirth = childText(alias, 'DATE_OF_BIRTH')
      if (isCalendarDate(aliasBirth)) addDate(datesOfBirth, { kind: 'EXACT', date: aliasBirth })
      else if (/^\d{4}$/.test(aliasBirth)) addDate(datesOfBirth, { kind: 'YEAR', year: Number(aliasBirth) })
      else if (aliasBirth) skippedDates.add(`${sourceId}: ${aliasBirth}`)
    }
    addName(names, { name: childText(record, 'NAME_ORIGINAL_SCRIPT'), kind: 'ALIAS', quality: 'STRONG' })

    for (const birth of childrenNamed(record, 'INDIVIDUAL_DATE_OF_BIRTH')) {
      const date = unDate(birth)
      if (date) addDate(datesOfBirth, date)
      else if (unDateText(birth)) skippedDates.add(`${sourceId}: ${unDateText(birth)}`)
    }

    const nationalities: string[] = []
    for (const nationality of childrenNamed(record, 'NATIONALITY')) {
      for (const value of childrenNamed(nationality, 'VALUE')) {
        if (singleSpaced(value.text)) addCode(nationalities, countries.codeOf(value.text))
      }
    }
    const addressCountries: string[] = []
    for (const address of childrenNamed(record, isPerson ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
      const country = childText(address, 'COUNTRY')
      if (country) addCode(addressCountries, countries.codeOf(country))
    }

    const programme = childText(record, 'UN_LIST_TYPE')
    const listedOn = childText(record, 'LISTED_ON').slice(0, 10)
    return {
      sourceId,
      subjectKind: isPerson ? 'PERSON' : 'ENTITY',
      names,
      datesOfBirth,
      nationalities,
      countries: addressCountries.filter((code) => !nationalities.includes(code)),
      programmes: programme ? [programme] : [],
      listedOn: isCalendarDate(listedOn) ? listedOn : null,
      remarks: childText(record, 'COMMENTS1') || null,
    }
  }

  async function* entries(): AsyncGenerator<ListedEntry> {
    const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true })
    /** Element names from the root down to the one being read. */
    const path: string[] = []
    /** The open elements of the record being read, the record first; empty between records. */
    let open: XmlElement[] = []
    let recordName: RecordName = 'INDIVIDUAL'
    let recordLine = 0
    const seen = { INDIVIDUAL: 0, ENTITY: 0 }
    const sourceIds = new Set<string>()
    let rootSeen = false
    let sectionFound = false
    const ready: ListedEntry[] = []

    const onTag = (tag: SaxesTagPlain) => {
      if (path.length === 0) {
        if (tag.name !== ROOT) {
          throw new ListFileError(
            `line ${parser.line}`,
            `the root element is <${tag.name}>, not <${ROOT}>: this is not a UN Consolidated List file`,
          )
        }
        const generated = String(tag.attributes.dateGenerated ?? '').slice(0, 10)
        publishedOn = isCalendarDate(generated) ? generated : null
        rootSeen = true
      }
      path.push(tag.name)
      if (path.length === 2 && (tag.name === 'INDIVIDUALS' || tag.name === 'ENTITIES')) sectionFound = true
      const element: XmlElement = { name: tag.name, text: '', children: [] }
      const parent = open.at(-1)
      if (parent) {
        parent.children.push(element)
        open.push(element)
      } else if (
        path.length === 3 &&
        (tag.name === 'INDIVIDUAL' || tag.name === 'ENTITY') &&
        path[1] === RECORD_SECTIONS[tag.name]
      ) {
        recordName = tag.name
        recordLine = parser.line
        seen[recordName]++
        open = [element]
      }
    }
    const onText = (text: string) => {
      const element = open.at(-1)
      if (element) element.text += text
    }
    parser.on('opentag', onTag)
    parser.on('text', onText)
    parser.on('cdata', onText)
    parser.on('closetag', () => {
      path.pop()
      const element = open.pop()
      if (!element || open.length > 0) return
      const sourceId = childText(element, 'REFERENCE_NUMBER')
      const where = sourceId
        ? `${recordName} ${seen[recordName]} (REFERENCE_NUMBER ${sourceId})`
        : `${recordName} ${seen[recordName]} (line ${recordLine})`
      if (!sourceId) throw new ListFileError(where, 'REFERENCE_NUMBER is missing or empty')
      if (sourceIds.has(sourceId)) throw new ListFileError(where, `REFERENCE_NUMBER ${sourceId} appears twice in the file`)
      sourceIds.add(sourceId)
      ready.push(toEntry(element, recordName, where))
    })
    parser.on('error', (error) => {
      throw new ListFileError(
        `line ${parser.line}, column ${parser.column + 1}`,
        `the XML is malformed: ${error.message.replace(/^\d+:\d+: /, '')}`,
      )
    })

    for await (const text of decodeUtf8(file, (line) => `line ${line}`)) {
      parser.write(text)
      yield* ready.splice(0)
    }
    if (path.length > 0) {
      throw new ListFileError(
        `end of file (line ${parser.line})`,
        `the file ends inside <${path.at(-1)}>: it is truncated (download it again)`,
      )
    }
    if (!rootSeen) throw new ListFileError('end of file', `the file is empty: it holds no <${ROOT}> element`)
    parser.close()
    if (!sectionFound) throw new ListFileError('end of file', `the file has no INDIVIDUALS or ENTITIES element under <${ROOT}>`)
  }

  return {
    entries: entries(),
    publishedOn: () => publishedOn,
    unknownCountries: () => countries.unknownNames(),
    skippedDates: () => skippedDates.list(),
  }
}
