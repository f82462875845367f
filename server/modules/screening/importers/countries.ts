import anyAscii from 'any-ascii'
import countryList from '@/public/countries.json'

/**
 * Country words as sanctions lists write them → ISO 3166-1 alpha-2. The names come from the project's own country list
 * (public/countries.json, the one the portal's forms use), from the runtime's English region names (Intl.DisplayNames:
 * "Türkiye", "Côte d’Ivoire", "Czechia"…) and from the table below of the lists' own spellings. A word none of them
 * knows is dropped from the entry and remembered, so the loader can show the operator what it could not place.
 */
export interface CountryLookup {
  /** The ISO alpha-2 code of a list's country word; null when it is unknown or says no country ("undetermined"). */
  codeOf(text: string): string | null
  /** The words that named no known country, in the order first met (at most 1,000 distinct). */
  unknownNames(): string[]
}

/** Spellings of the UN list (official UN names), of OFAC (`Korea, North`, `Burma`, `West Bank`) and common short forms. */
const LIST_SPELLINGS: Record<string, string> = {
  'Iran (Islamic Republic of)': 'IR',
  "Democratic People's Republic of Korea": 'KP',
  'Korea, North': 'KP',
  'Korea, South': 'KR',
  'Republic of Korea': 'KR',
  'Syrian Arab Republic': 'SY',
  'United Kingdom of Great Britain and Northern Ireland': 'GB',
  UK: 'GB',
  'Great Britain': 'GB',
  'United States of America': 'US',
  USA: 'US',
  UAE: 'AE',
  Turkey: 'TR',
  "Côte d'Ivoire": 'CI',
  'Ivory Coast': 'CI',
  'Russian Federation': 'RU',
  Burma: 'MM',
  'West Bank': 'PS',
  Gaza: 'PS',
  Palestinian: 'PS',
  Palestine: 'PS',
  'State of Palestine': 'PS',
  'Congo, Democratic Republic of the': 'CD',
  'Democratic Republic of the Congo': 'CD',
  'Congo, Republic of the': 'CG',
  'Republic of the Congo': 'CG',
  'United Republic of Tanzania': 'TZ',
  'Viet Nam': 'VN',
  'China, Hong Kong Special Administrative Region': 'HK',
  'Hong Kong': 'HK',
  'China, Macao Special Administrative Region': 'MO',
  Macau: 'MO',
  Macao: 'MO',
  'Virgin Islands, British': 'VG',
  'Macedonia, The Former Yugoslav Republic of': 'MK',
  'The former Yugoslav Republic of Macedonia': 'MK',
  'Bahamas, The': 'BS',
  'Gambia, The': 'GM',
  'Cabo Verde': 'CV',
  Czechia: 'CZ',
  Eswatini: 'SZ',
  'Timor-Leste': 'TL',
  "Lao People's Democratic Republic": 'LA',
  'Republic of Moldova': 'MD',
  'Brunei Darussalam': 'BN',
  'Holy See': 'VA',
  'Bosnia-Herzegovina': 'BA',
  'Kyrgyz Republic': 'KG',
  'Micronesia, Federated States of': 'FM',
  // OFAC addresses' "Region: Crimea" and the like (the prefix is removed before the lookup).
  Crimea: 'UA',
  'Northern Mali': 'ML',
}

/** Words that say no country is known: dropped without being reported. */
const NO_COUNTRY = new Set(['', 'na', 'n a', 'none', 'none identified', 'undetermined', 'unknown', 'not known', '0'])

const MAX_UNKNOWN_NAMES = 1000
const MAX_CACHED_WORDS = 10_000

/** Letters and digits only, ASCII, lower case, single spaces: "Côte d'Ivoire" and "Cote d Ivoire" meet. */
function nameKey(text: string): string {
  return anyAscii(text)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bst\.\s*/g, 'saint ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

let codesByKey: Map<string, string> | undefined
let knownCodes: Set<string> | undefined

function nameIndex(): Map<string, string> {
  if (codesByKey) return codesByKey
  const index = new Map<string, string>()
  const regionNames = new Intl.DisplayNames(['en'], { type: 'region' })
  for (const country of countryList) {
    index.set(nameKey(country.country), country.id)
    const regionName = regionNames.of(country.id)
    if (regionName && regionName !== country.id) index.set(nameKey(regionName), country.id)
  }
  // Last, so that a list's spelling wins over a general name that happens to read the same.
  for (const [name, code] of Object.entries(LIST_SPELLINGS)) index.set(nameKey(name), code)
  codesByKey = index
  return index
}

/** Whether `code` is an ISO 3166-1 alpha-2 code the project knows (upper case). */
export function isCountryCode(code: string): boolean {
  knownCodes ??= new Set(countryList.map((country) => country.id))
  return knownCodes.has(code)
}

/** The code of one country word, null for a "no country" word, undefined when unknown. */
function findCode(text: string, acceptCodes: boolean): string | null | undefined {
  const trimmed = text.trim()
  if (acceptCodes && /^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase()
  const index = nameIndex()
  const key = nameKey(trimmed)
  if (NO_COUNTRY.has(key)) return null
  const withoutRegion = trimmed.replace(/^region:\s*/i, '')
  const withoutBrackets = withoutRegion.replace(/\s*\([^)]*\)\s*/g, ' ')
  // "Korea, North" → "North Korea", "Congo, Democratic Republic of the" → "Democratic Republic of the Congo".
  const comma = withoutBrackets.indexOf(',')
  const swapped = comma > 0 ? `${withoutBrackets.slice(comma + 1)} ${withoutBrackets.slice(0, comma)}` : withoutBrackets
  for (const candidate of [key, nameKey(withoutRegion), nameKey(withoutBrackets), nameKey(swapped)]) {
    const code = index.get(candidate) ?? index.get(candidate.replace(/^the /, ''))
    if (code) return code
  }
  return undefined
}

/** One lookup per list file: it remembers that file's unknown words. */
export function createCountryLookup({ acceptCodes }: { acceptCodes: boolean }): CountryLookup {
  const unknown = new Set<string>()
  // A list writes the same few hundred country words over and over; each is worked out once.
  const found = new Map<string, string | null | undefined>()
  return {
    codeOf(text) {
      let code = found.get(text)
      if (code === undefined && !found.has(text)) {
        code = findCode(text, acceptCodes)
        if (found.size < MAX_CACHED_WORDS) found.set(text, code)
      }
      if (code === undefined) {
        if (unknown.size < MAX_UNKNOWN_NAMES) unknown.add(text.trim())
        return null
      }
      return code
    },
    unknownNames: () => [...unknown],
  }
}
