import { loadLocations } from './load-locations'

/**
 * Nationalities as people write them, for the countries whose adjective differs from the name in ways a suffix rule
 * would get wrong; the others are found by their name (`Ghana`) or code (`GH`). Lower case.
 */
const NATIONALITY_WORDS: Readonly<Record<string, string>> = {
  nigerian: 'NG',
  ghanaian: 'GH',
  british: 'GB',
  english: 'GB',
  american: 'US',
  french: 'FR',
  german: 'DE',
  chinese: 'CN',
  indian: 'IN',
  lebanese: 'LB',
  'south african': 'ZA',
  cameroonian: 'CM',
  beninese: 'BJ',
  togolese: 'TG',
  nigerien: 'NE',
  ivorian: 'CI',
  senegalese: 'SN',
  liberian: 'LR',
  'sierra leonean': 'SL',
  gambian: 'GM',
  kenyan: 'KE',
  egyptian: 'EG',
  canadian: 'CA',
  dutch: 'NL',
  italian: 'IT',
  spanish: 'ES',
  emirati: 'AE',
  turkish: 'TR',
  japanese: 'JP',
  korean: 'KR',
  'south korean': 'KR',
}

/**
 * The ISO 3166-1 alpha-2 code of a country or nationality as captured in free text (`Nigeria`, `Nigerian`, `ng`),
 * from the reference locations; null when it names none of them.
 */
export async function countryCodeOf(text: string | null | undefined): Promise<string | null> {
  const value = text?.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!value) return null
  const { countries, byId } = await loadLocations()
  if (/^[a-z]{2}$/.test(value) && byId.has(value.toUpperCase())) return value.toUpperCase()
  const byName = countries.find((c) => c.country.toLowerCase() === value)
  if (byName && /^[A-Z]{2}$/.test(byName.id)) return byName.id
  return NATIONALITY_WORDS[value] ?? null
}
