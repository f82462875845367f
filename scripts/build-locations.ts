import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { gzipSync } from 'node:zlib'
import {
  type Country,
  type CountryState,
  countryListSchema,
  countryStateListSchema,
  locationAlias,
  NIGERIA_ID,
} from '@/lib/contracts/locations'

/**
 * Builds the reference locations (spec section 3) from two npm datasets:
 *
 * - `public/countries.json`: every country of country-state-city (GPL-3.0; its data comes from the
 *   countries-states-cities-database, ODbL-1.0) as `{ id, country, code, capital, latitude, longitude, states }`,
 *   without cities. Nigeria's `states` are the state names of the local-government list below, so the two agree.
 * - `server/data/local-governments.json`: `{ NG: [{ state, alias, lgas }] }` from naija-state-local-government
 *   (MIT), corrected to the 774 LGAs of INEC's list (see NIGERIA_CORRECTIONS): 37 entries, the 36 states and the
 *   "Federal Capital Territory" (alias `abuja`). The spec's separate "Abuja" entry, a copy of the FCT's six LGAs,
 *   is not written: it made the list 38 states and 780 LGAs, and let one LGA be filed under two states.
 *
 * Deterministic: names are de-duplicated and sorted; one record per line, so diffs stay readable.
 * Run after upgrading either package: `npx tsx scripts/build-locations.ts`. It fails (and writes nothing) when
 * a correction no longer matches the upstream data or a state's LGA count differs from the official count.
 */

const COUNTRY_FILE = 'public/countries.json'
const LGA_FILE = 'server/data/local-governments.json'

interface CscCountry {
  name: string
  isoCode?: string
  latitude?: string | null
  longitude?: string | null
}
interface CscState {
  name: string
  countryCode: string
}
interface NaijaState {
  state: string
  lgas: string[]
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T
const version = (pkg: string) => readJson<{ version: string }>(`node_modules/${pkg}/package.json`).version

const collator = new Intl.Collator('en', { sensitivity: 'variant', numeric: true })
/** Locale order, then code points, so the order never depends on ties. */
const byName = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0)
const tidy = (s: string) => s.normalize('NFC').replace(/\s+/g, ' ').trim()
const uniqueSorted = (names: string[]) => [...new Set(names.map(tidy).filter(Boolean))].sort(byName)

// ---------------------------------------------------------------------------------------------------------
// Nigeria: naija-state-local-government 1.1.2 lists 846 entries for 37 states, with duplicates ("Shomolu" and
// "Somolu"), misspellings ("Yenegoa"), towns that are not LGAs ("Effurun", "Jimeta"), LGAs filed under the wrong
// state (Isa and Kiyawa) and missing LGAs (e.g. Kaduna South, Kabo). These corrections bring it to INEC's 774.
// Every name below must match the upstream data exactly, or the build fails, so an upgrade that fixes
// upstream shows which corrections to delete.
// ---------------------------------------------------------------------------------------------------------

interface StateCorrection {
  /** Upstream entries that are not LGAs of this state (towns, duplicates, LGAs of another state). */
  drop?: string[]
  /** Upstream spelling → the INEC name (misspellings, merged names). */
  rename?: Record<string, string>
  /** LGAs upstream misses. */
  add?: string[]
}

const NIGERIA_STATE_RENAMES: Record<string, string> = { Nassarawa: 'Nasarawa' }

const NIGERIA_CORRECTIONS: Record<string, StateCorrection> = {
  Abia: {
    drop: ['Ngwa North'],
    rename: { Isiala: 'Isiala Ngwa North', Isukwuato: 'Isuikwuato', Umuahia: 'Umuahia North' },
    add: ['Obi Ngwa', 'Ohafia', 'Osisioma', 'Ugwunagbo', 'Umu Nneochi'],
  },
  Adamawa: {
    drop: ['Jimeta'],
    rename: { Numna: 'Numan', Hung: 'Hong' },
    add: ['Guyuk', 'Mubi North'],
  },
  'Akwa Ibom': {
    drop: ['Oruko Ete'],
    rename: { Etimekpo: 'Etim Ekpo', Orukanam: 'Oruk Anam', 'Urue Offoung': 'Urue-Offong/Oruko' },
    add: ['Nsit Atai'],
  },
  Anambra: {
    drop: ['Akwa North', 'Imo', 'Nibo', 'Olumba', 'Oti', 'Otu-Ocha', 'Ubuluizor Ihiala'],
    rename: { Anambra: 'Anambra East', Uyi: 'Oyi' },
  },
  Bayelsa: {
    drop: ['Adagbabiri', 'Kembe', 'Kolokuma', 'Toru-Abubo'],
    rename: { 'Kolokuma/Opkuma': 'Kolokuma/Opokuma', 'Southern-Ijaw': 'Southern Ijaw', Yenegoa: 'Yenagoa' },
  },
  Benue: {
    drop: ['Oturkpa'],
    rename: { Vandekya: 'Vandeikya' },
    add: ['Obi', 'Ushongo'],
  },
  Borno: {
    rename: { Abadan: 'Abadam', 'Askira-Uba': 'Askira/Uba', Mongunu: 'Monguno' },
  },
  'Cross River': {
    drop: ['Abuochichie', 'Ugep-North'],
    rename: { Bekwara: 'Bekwarra', Biasi: 'Biase', Etunk: 'Etung' },
  },
  Delta: {
    drop: [
      'Effurun',
      'Idu',
      'Ika-Ne',
      'Ikpemili',
      'Ndokwa-North',
      'Ndokwa-South',
      'Okwuani',
      'Oleh',
      'Oshielli-North',
      'Oshimili',
      'Osimili',
      'Osimili-North',
      'Osimili-South',
      'Udokwa',
      'Uraun',
      'Urwie',
      'Uvie',
      'Uvwei',
      'Uwvie',
      'Warri-Central',
    ],
    add: ['Warri South West'],
  },
  Ebonyi: {
    drop: ['Bomadim', 'Obaukwu', 'Ukaba'],
    rename: { Ohakwu: 'Ohaukwu' },
    add: ['Ohaozara'],
  },
  Edo: {
    drop: ['Afokpella', 'Afuze', 'Agbazilo', 'Akoko Edo', 'Iguobano North East', 'Ohunmwode', 'Ologbo', 'Opoji Irrua'],
  },
  Ekiti: {
    drop: ['Aiyekire', 'Ikare'],
    rename: { 'Emure/Ise/Orun': 'Emure', 'Ise-Orun': 'Ise/Orun' },
  },
  Enugu: { drop: ['Nukanu East'] },
  Gombe: { rename: { 'Nafada/Bajoga': 'Nafada', Shomgom: 'Shongom' } },
  Imo: {
    drop: [
      'Dral-Esat',
      'Ezeobodo',
      'Ideato',
      'Mbano',
      'Oro-West',
      'Ugiri-Ike Ikeduru',
      'Ugiri-Ikedikeduru',
      'Unbano',
      'Zinihitte',
    ],
    rename: { 'Ohaji-Egbema': 'Ohaji/Egbema' },
  },
  Jigawa: {
    drop: ['Bosuwa'],
    rename: { Kirkasamma: 'Kiri Kasama', 'Malam-Maduri': 'Malam Madori' },
    add: ['Kiyawa'],
  },
  Kaduna: {
    drop: ['Gwagwada', 'Koka/Kawo', 'Tudun-Wada/Makera'],
    rename: { Kubah: 'Kubau' },
    add: ['Kaduna South'],
  },
  Kano: { add: ['Kabo'] },
  Katsina: { rename: { Danji: 'Danja' } },
  Kebbi: {
    drop: ['Danko'],
    rename: { Bumza: 'Bunza', 'Koko-Besse': 'Koko/Besse', Wasagu: 'Wasagu/Danko' },
  },
  Kogi: {
    drop: ['Ikoyi-Ijumu', 'Obaji', 'Oru', 'Oyi'],
    rename: { Igalamela: 'Igalamela Odolu', 'Mopa-Muro-Mopi': 'Mopa Muro' },
    add: ['Bassa'],
  },
  Lagos: { drop: ['Somolu'] },
  Nasarawa: {
    rename: { Nassawara: 'Nasarawa', 'Nassawara Eggon': 'Nasarawa Egon', Wambu: 'Wamba' },
    add: ['Toto'],
  },
  Ondo: {
    drop: ['Akoko', 'Akure', 'Igbisin', 'Ikale', 'Ilaje-West', 'Oka Ak0Ko', 'Okiti Pupa Ijuodo', 'Ondo'],
    rename: {
      'Akoko-North': 'Akoko North East',
      'Akoko-South': 'Akoko South West',
      'Ile-Oluji-Okeigbo': 'Ile Oluji/Okeigbo',
      'Okiti-Pupa': 'Okitipupa',
    },
  },
  Osun: {
    drop: ['Ife', 'Ilesha', 'Ilesha West'],
    rename: {
      Atakumosa: 'Atakunmosa West',
      'Atakumosa East': 'Atakunmosa East',
      'Ayeda-Ade': 'Aiyedaade',
      Ede: 'Ede South',
    },
    add: ['Ifedayo'],
  },
  Oyo: { rename: { 'Ibadan-Central': 'Ibadan North', Itseiwaju: 'Itesiwaju', 'Odo-Oluwa': 'Ogo Oluwa' } },
  Plateau: { rename: { "Quan'Anpan": "Qua'an Pan" } },
  Rivers: {
    drop: ['Buguma', 'Elfane', 'Ogba-Egbema-Ndoni'],
    rename: {
      'Aboa/Odual': 'Abua/Odual',
      Akukutoru: 'Akuku-Toru',
      'Obia/Akpor': 'Obio/Akpor',
      Okirika: 'Okrika',
      'Port-Harcourt': 'Port Harcourt',
    },
  },
  Sokoto: { rename: { 'Sabo-Birni': 'Sabon Birni' }, add: ['Isa'] },
  Taraba: { drop: ['Oilingo'] },
  Yobe: { drop: ['Gogaram'], rename: { Borsali: 'Bursari', Tarmua: 'Tarmuwa' } },
  Zamfara: { drop: ['Isa'], rename: { Kiyawa: 'Birnin Magaji/Kiyaw' } },
}

/** LGAs per state (INEC; 774 in all), to check the corrected list against. */
const OFFICIAL_LGA_COUNTS: Record<string, number> = {
  Abia: 17,
  Adamawa: 21,
  'Akwa Ibom': 31,
  Anambra: 21,
  Bauchi: 20,
  Bayelsa: 8,
  Benue: 23,
  Borno: 27,
  'Cross River': 18,
  Delta: 25,
  Ebonyi: 13,
  Edo: 18,
  Ekiti: 16,
  Enugu: 17,
  'Federal Capital Territory': 6,
  Gombe: 11,
  Imo: 27,
  Jigawa: 27,
  Kaduna: 23,
  Kano: 44,
  Katsina: 34,
  Kebbi: 21,
  Kogi: 21,
  Kwara: 16,
  Lagos: 20,
  Nasarawa: 13,
  Niger: 25,
  Ogun: 20,
  Ondo: 18,
  Osun: 30,
  Oyo: 33,
  Plateau: 17,
  Rivers: 23,
  Sokoto: 23,
  Taraba: 16,
  Yobe: 17,
  Zamfara: 14,
}

const FCT = 'Federal Capital Territory'
const DIRECTION_HYPHEN = /-(?=(?:North|South|East|West|Central|Municipal|Island|Mainland)\b)/g

/** Upstream spelling habits, fixed everywhere: "Ilorin south", "Jama'Are", "Awka-South", "Ika-North-East". */
function normaliseLga(raw: string): string {
  return tidy(raw)
    .replace(/(^|[\s/-])(\p{Ll})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase())
    .replace(/'(\p{Lu})/gu, (_, ch: string) => `'${ch.toLowerCase()}`)
    .replace(DIRECTION_HYPHEN, ' ')
}

function correctNigerianStates(upstream: NaijaState[]): CountryState[] {
  const problems: string[] = []
  const seenStates = new Set<string>()
  const states = upstream.map(({ state: rawState, lgas: rawLgas }) => {
    const state = NIGERIA_STATE_RENAMES[tidy(rawState)] ?? tidy(rawState)
    seenStates.add(state)
    const fix = NIGERIA_CORRECTIONS[state] ?? {}
    const raw = rawLgas.map(tidy)
    for (const name of [...(fix.drop ?? []), ...Object.keys(fix.rename ?? {})]) {
      if (!raw.includes(name)) problems.push(`${state}: correction for "${name}" matches nothing upstream`)
    }
    const dropped = new Set(fix.drop ?? [])
    const lgas = uniqueSorted(raw.filter((n) => !dropped.has(n)).map((n) => fix.rename?.[n] ?? normaliseLga(n)))
    for (const name of fix.add ?? []) {
      if (lgas.includes(name)) problems.push(`${state}: "${name}" is already upstream; remove it from add`)
    }
    return { state, alias: locationAlias(state), lgas: uniqueSorted([...lgas, ...(fix.add ?? [])]) }
  })
  for (const name of Object.keys(NIGERIA_CORRECTIONS)) {
    if (!seenStates.has(name)) problems.push(`correction for unknown state "${name}"`)
  }
  for (const [state, expected] of Object.entries(OFFICIAL_LGA_COUNTS)) {
    const found = states.find((s) => s.state === state)
    if (!found) problems.push(`${state}: missing upstream`)
    else if (found.lgas.length !== expected) problems.push(`${state}: ${found.lgas.length} LGAs, INEC lists ${expected}`)
  }
  if (states.length !== Object.keys(OFFICIAL_LGA_COUNTS).length) problems.push(`${states.length} states upstream, expected 37`)
  if (problems.length) throw new Error(`Nigerian LGA corrections are out of date:\n  ${problems.join('\n  ')}`)

  states.find((s) => s.state === FCT)!.alias = 'abuja'
  return states.sort((a, b) => byName(a.state, b.state))
}

function slug(name: string): string {
  return locationAlias(name).replace(/_/g, '-')
}

function buildCountries(cscCountries: CscCountry[], cscStates: CscState[], nigeria: CountryState[]): Country[] {
  const statesByCountry = new Map<string, string[]>()
  for (const s of cscStates) {
    const list = statesByCountry.get(s.countryCode) ?? []
    list.push(s.name)
    statesByCountry.set(s.countryCode, list)
  }
  // The two sources must agree on Nigeria's states (country-state-city calls the FCT "Abuja Federal Capital Territory").
  const cscNigeria = uniqueSorted(
    (statesByCountry.get(NIGERIA_ID) ?? []).map((n) => (/federal capital territory/i.test(n) ? FCT : n)),
  )
  const ours = nigeria.map((s) => s.state)
  if (cscNigeria.join('|') !== ours.join('|')) {
    throw new Error(
      `Nigeria's states differ between the sources:\n  country-state-city: ${cscNigeria.join(', ')}\n  LGA list: ${ours.join(', ')}`,
    )
  }

  const countries = cscCountries.map((c): Country => {
    const code = tidy(c.isoCode ?? '').toUpperCase()
    const id = code || slug(c.name)
    return {
      id,
      country: tidy(c.name),
      code,
      capital: '', // country-state-city has no capitals (lib/contracts/locations.ts: '' when the source lacks a value)
      latitude: tidy(c.latitude ?? ''),
      longitude: tidy(c.longitude ?? ''),
      states: id === NIGERIA_ID ? nigeria.map((s) => s.state) : uniqueSorted(statesByCountry.get(code) ?? []),
    }
  })
  const ids = new Set(countries.map((c) => c.id))
  if (ids.size !== countries.length) throw new Error('two countries share an id')
  return countries.sort((a, b) => byName(a.country, b.country))
}

/** A JSON array with one record per line. */
const jsonLines = (records: unknown[]) => `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`

function write(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, text)
  const bytes = Buffer.byteLength(text)
  console.log(
    `wrote ${path}: ${(bytes / 1024).toFixed(1)} KiB, ${(gzipSync(text, { level: 9 }).length / 1024).toFixed(1)} KiB gzipped`,
  )
}

const csc = 'country-state-city'
const naija = 'naija-state-local-government'
const nigeria = countryStateListSchema.parse(
  correctNigerianStates(readJson<NaijaState[]>(`node_modules/${naija}/src/statesAndLocalGov.json`)),
)
const countries = countryListSchema.parse(
  buildCountries(
    readJson<CscCountry[]>(`node_modules/${csc}/lib/assets/country.json`),
    readJson<CscState[]>(`node_modules/${csc}/lib/assets/state.json`),
    nigeria,
  ),
)

write(COUNTRY_FILE, jsonLines(countries))
write(LGA_FILE, `{\n"${NIGERIA_ID}": ${jsonLines(nigeria).trimEnd()}\n}\n`)

const lgaCount = new Set(nigeria.flatMap((s) => s.lgas.map((l) => `${s.state}/${l}`))).size
console.log(
  `${countries.length} countries (${countries.filter((c) => c.states.length === 0).length} without states), ` +
    `${nigeria.length} Nigerian state entries, ${lgaCount} LGAs; sources: ${csc}@${version(csc)}, ${naija}@${version(naija)}`,
)
