/**
 * A minimal reader of the shipped UN XML and OFAC CSV lists into `ListedEntry`, for the screening quality bench only
 * (bench/screening-quality.ts). The product's importers are server/modules/screening's; this reader keeps the bench
 * independent of them and reads just what matching scores: names, kind, dates of birth, nationalities.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Country } from 'country-state-city'
import { parse } from 'csv-parse/sync'
import type { ListedDate, ListedEntry, ListedName } from '@/server/modules/screening/list-entry'

export const SCREENING_DATA_DIR = '/work/shared/data/screening'

const COUNTRY_ALIASES: Record<string, string> = {
  "democratic people's republic of korea": 'KP',
  'korea, north': 'KP',
  'korea, south': 'KR',
  korea: 'KP',
  'russian federation': 'RU',
  'iran (islamic republic of)': 'IR',
  'syrian arab republic': 'SY',
  'united kingdom of great britain and northern ireland': 'GB',
  'united states of america': 'US',
  'united states': 'US',
  'united republic of tanzania': 'TZ',
  'congo, democratic republic of the': 'CD',
  'congo, republic of the': 'CG',
  burma: 'MM',
  palestinian: 'PS',
  'possibly palestinian': 'PS',
  'the gambia': 'GM',
  "cote d'ivoire": 'CI',
  'viet nam': 'VN',
  "lao people's democratic republic": 'LA',
  'bolivia (plurinational state of)': 'BO',
  'venezuela (bolivarian republic of)': 'VE',
}

let countryCodes: Map<string, string> | null = null
function countryCode(name: string): string | null {
  if (!countryCodes) {
    countryCodes = new Map(Country.getAllCountries().map((c) => [c.name.toLowerCase(), c.isoCode]))
    for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) countryCodes.set(alias, code)
  }
  return countryCodes.get(name.trim().toLowerCase()) ?? null
}

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&')
}

function tagValues(xml: string, tag: string): string[] {
  const out: string[] = []
  const re = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g')
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push(decodeXml(m[1]!.trim()))
  return out
}

function blocks(xml: string, tag: string): string[] {
  return tagValues(xml, tag)
}

function addName(names: ListedName[], name: string, kind: ListedName['kind'], quality: ListedName['quality']) {
  const text = name.replace(/\s+/g, ' ').trim()
  if (text && !names.some((n) => n.name === text)) names.push({ name: text, kind, quality })
}

function unDates(block: string): ListedDate[] {
  const dates: ListedDate[] = []
  for (const dob of blocks(block, 'INDIVIDUAL_DATE_OF_BIRTH')) {
    const type = tagValues(dob, 'TYPE_OF_DATE')[0]
    const date = tagValues(dob, 'DATE')[0]
    const year = Number(tagValues(dob, 'YEAR')[0])
    if (type === 'EXACT' && date && /^\d{4}-\d{2}-\d{2}$/.test(date)) dates.push({ kind: 'EXACT', date })
    else if (type === 'EXACT' && year) dates.push({ kind: 'YEAR', year })
    else if (type === 'APPROXIMATELY' && year) dates.push({ kind: 'RANGE', fromYear: year - 1, toYear: year + 1 })
    else if (type === 'BETWEEN') {
      const from = Number(tagValues(dob, 'FROM_YEAR')[0])
      const to = Number(tagValues(dob, 'TO_YEAR')[0])
      if (from && to) dates.push({ kind: 'RANGE', fromYear: from, toYear: to })
    }
  }
  return dates
}

/** The UN Security Council Consolidated List (XML): individuals and entities. */
export function readUnList(file = join(SCREENING_DATA_DIR, 'un-consolidated-2026-02-27.xml')): ListedEntry[] {
  const xml = readFileSync(file, 'utf8')
  const entries: ListedEntry[] = []
  for (const [tag, kind] of [
    ['INDIVIDUAL', 'PERSON'],
    ['ENTITY', 'ENTITY'],
  ] as const) {
    for (const block of blocks(xml, tag)) {
      const names: ListedName[] = []
      const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((t) => tagValues(block, t)[0] ?? '')
      addName(names, parts.join(' '), 'PRIMARY', 'STRONG')
      for (const alias of blocks(block, `${tag}_ALIAS`)) {
        const name = tagValues(alias, 'ALIAS_NAME')[0]
        if (name) addName(names, name, 'ALIAS', tagValues(alias, 'QUALITY')[0] === 'Low' ? 'WEAK' : 'STRONG')
      }
      for (const script of tagValues(block, 'NAME_ORIGINAL_SCRIPT')) addName(names, script, 'ALIAS', 'STRONG')
      const nationalities = [...new Set(blocks(block, 'NATIONALITY').flatMap((n) => tagValues(n, 'VALUE')))]
        .map(countryCode)
        .filter((c): c is string => !!c)
      if (!names.length) continue
      entries.push({
        sourceId: tagValues(block, 'REFERENCE_NUMBER')[0] ?? '',
        subjectKind: kind,
        names,
        datesOfBirth: kind === 'PERSON' ? unDates(block) : [],
        nationalities,
        countries: [],
        programmes: tagValues(block, 'UN_LIST_TYPE'),
        listedOn: tagValues(block, 'LISTED_ON')[0] ?? null,
        remarks: null,
      })
    }
  }
  return entries
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function ofacDate(text: string): ListedDate | null {
  const t = text.trim().replace(/\.$/, '')
  let m = /^(\d{2}) ([A-Za-z]{3}) (\d{4})$/.exec(t)
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1
    if (month) return { kind: 'EXACT', date: `${m[3]}-${String(month).padStart(2, '0')}-${m[1]}` }
  }
  m = /^(?:[A-Za-z]{3} )?(\d{4})$/.exec(t)
  if (m) return { kind: 'YEAR', year: Number(m[1]) }
  m = /^circa (\d{4})$/i.exec(t)
  if (m) return { kind: 'RANGE', fromYear: Number(m[1]) - 1, toYear: Number(m[1]) + 1 }
  m = /^(\d{4}) to (\d{4})$/.exec(t)
  if (m) return { kind: 'RANGE', fromYear: Number(m[1]), toYear: Number(m[2]) }
  return null
}

const empty = (v: string | undefined) => !v || v.trim() === '-0-'

/** "SHEKAU, Abubakar" → "Abubakar SHEKAU" (OFAC writes individuals' surnames first). */
function ofacPersonName(name: string): string {
  const comma = name.indexOf(',')
  return comma < 0 ? name : `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`
}

/** OFAC SDN (legacy CSV: sdn.csv and alt.csv): individuals, entities, vessels and aircraft. */
export function readOfacList(dir = SCREENING_DATA_DIR): ListedEntry[] {
  const sdn = parse(readFileSync(join(dir, 'ofac-sdn-2021-07.csv'), 'utf8'), {
    relax_column_count: true,
    relax_quotes: true,
  }) as string[][]
  const alt = parse(readFileSync(join(dir, 'ofac-alt-2021-07.csv'), 'utf8'), {
    relax_column_count: true,
    relax_quotes: true,
  }) as string[][]
  const aliases = new Map<string, string[][]>()
  for (const row of alt) {
    const id = row[0]?.trim()
    if (!id) continue
    aliases.set(id, [...(aliases.get(id) ?? []), row])
  }
  const entries: ListedEntry[] = []
  for (const row of sdn) {
    const id = row[0]?.trim()
    const rawName = row[1]?.trim()
    if (!id || !rawName || empty(rawName)) continue
    const person = row[2]?.trim() === 'individual'
    const names: ListedName[] = []
    addName(names, person ? ofacPersonName(rawName) : rawName, 'PRIMARY', 'STRONG')
    for (const a of aliases.get(id) ?? []) {
      const name = a[3]?.trim()
      if (!name || empty(name)) continue
      addName(names, person ? ofacPersonName(name) : name, a[2]?.trim() === 'aka' ? 'ALIAS' : 'FORMER', 'STRONG')
    }
    const remarks = empty(row[11]) ? '' : row[11]!
    // The legacy CSV gives OFAC's weak a.k.a.s only in the remarks, quoted: "a.k.a. 'SHEKAU'".
    for (const m of remarks.matchAll(/a\.k\.a\. '([^']+)'/g)) addName(names, m[1]!, 'ALIAS', 'WEAK')
    const datesOfBirth: ListedDate[] = []
    for (const m of remarks.matchAll(/DOB ([^;]+)/g)) {
      const date = ofacDate(m[1]!)
      if (date) datesOfBirth.push(date)
    }
    const nationalities = [...remarks.matchAll(/nationality ([^;]+)/g)]
      .map((m) => countryCode(m[1]!.replace(/\.$/, '')))
      .filter((c): c is string => !!c)
    entries.push({
      sourceId: `OFAC-${id}`,
      subjectKind: person ? 'PERSON' : 'ENTITY',
      names,
      datesOfBirth: person ? datesOfBirth : [],
      nationalities: [...new Set(nationalities)],
      countries: [],
      programmes: empty(row[3]) ? [] : row[3]!.split(/\] \[/).map((p) => p.replace(/[[\]]/g, '').trim()),
      listedOn: null,
      remarks: remarks || null,
    })
  }
  return entries
}

export function readShippedLists(): ListedEntry[] {
  return [...readUnList(), ...readOfacList()]
}
