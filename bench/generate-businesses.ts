/**
 * Bench data: inserts N realistic businesses (default 100,000) into the configured database.
 *
 *   tsx bench/generate-businesses.ts [--rows=N] [--batch=N] [--seed=N]
 *
 * The database is the app's own (DATABASE_URL, else PGlite under DATA_DIR): it is migrated and seeded first
 * (reference lists; demo users when SEED_DEMO=true). Meant for throwaway and development databases: rows are only
 * added (ON CONFLICT DO NOTHING, so an existing name or registration number is skipped, never overwritten).
 *
 * Values are deterministic for a given --seed and starting row count: names combine Nigerian given names,
 * place and sector words with a suffix that fits the registration class (unique ignoring case and spaces, like
 * `businesses_name_key`); registration numbers are unique across RC/BN/IT/LP/LLP; type, category and division
 * ids come from the seeded reference tables; created_by is one of a few users; created_at spreads over three
 * years (more recent rows more likely); state and LGA come from server/data/local-governments.json.
 *
 * Rows go in as one `INSERT … SELECT … FROM jsonb_to_recordset($1)` per batch: one parameter per statement (a
 * multi-row VALUES of 27 columns would hit PostgreSQL's 65,535-parameter limit at ~2,400 rows) and one round trip
 * per batch on either backend. `generateBusinesses()` is what bench/business-list-server.ts calls.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import type { Database } from '@/server/db/client'
import { PROJECT_ROOT } from './paths'

export interface GenerateOptions {
  rows: number
  /** Rows per INSERT statement. */
  batchSize?: number
  /** PRNG seed: the same seed and starting row count give the same rows. */
  seed?: number
  onProgress?: (inserted: number, total: number) => void
}

export interface GenerateReport {
  requested: number
  inserted: number
  /** Generated rows skipped by ON CONFLICT (name already in the table) and replaced by others. */
  skipped: number
  batches: number
  batchSize: number
  /** Time building the rows in JS (names, JSON), included in totalMs. */
  buildMs: number
  totalMs: number
  rowsPerSecond: number
}

export const DEFAULT_ROWS = 100_000
export const DEFAULT_BATCH_SIZE = 5_000

// ---------------------------------------------------------------------------------------------------------
// Word lists

const GIVEN_NAMES = [
  // Yoruba
  'Adebayo',
  'Adewale',
  'Adeola',
  'Adeyemi',
  'Ayodele',
  'Babatunde',
  'Bolaji',
  'Damilola',
  'Folake',
  'Funmilayo',
  'Gbenga',
  'Iyabo',
  'Kehinde',
  'Kunle',
  'Lanre',
  'Olamide',
  'Oluwaseun',
  'Olumide',
  'Omotola',
  'Oyelaran',
  'Segun',
  'Taiwo',
  'Temitope',
  'Tunde',
  'Yetunde',
  'Ademola',
  'Ajayi',
  'Akinola',
  'Ogunleye',
  'Olabisi',
  // Igbo
  'Chinedu',
  'Chiamaka',
  'Chidi',
  'Chukwuemeka',
  'Ebuka',
  'Emeka',
  'Ifeanyi',
  'Ifeoma',
  'Ikenna',
  'Kelechi',
  'Nkechi',
  'Nnamdi',
  'Obinna',
  'Ngozi',
  'Uchenna',
  'Okonkwo',
  'Nwachukwu',
  'Ezinne',
  'Chibuzor',
  'Onyeka',
  'Amaechi',
  'Obiageli',
  'Udoka',
  'Chukwudi',
  'Ogechi',
  'Nneka',
  'Ugochukwu',
  'Azubuike',
  'Ekene',
  'Somto',
  // Hausa / Fulani
  'Abubakar',
  'Aminu',
  'Bello',
  'Danjuma',
  'Fatima',
  'Garba',
  'Hadiza',
  'Ibrahim',
  'Lawal',
  'Maryam',
  'Musa',
  'Sani',
  'Usman',
  'Yakubu',
  'Yusuf',
  'Zainab',
  'Haruna',
  'Kabiru',
  'Shehu',
  'Bashir',
  // Edo, Ijaw, Efik, Tiv, …
  'Osagie',
  'Eghosa',
  'Ehize',
  'Ebiere',
  'Tonye',
  'Preye',
  'Ekaette',
  'Effiong',
  'Aondona',
  'Terkaa',
]

const PLACE_WORDS = [
  'Eko',
  'Lekki',
  'Ikeja',
  'Ikoyi',
  'Yaba',
  'Apapa',
  'Ibadan',
  'Abeokuta',
  'Oshogbo',
  'Ilorin',
  'Kano',
  'Kaduna',
  'Zaria',
  'Jos',
  'Enugu',
  'Onitsha',
  'Aba',
  'Owerri',
  'Calabar',
  'Uyo',
  'Warri',
  'Benin',
  'Bonny',
  'Makurdi',
  'Maiduguri',
  'Sokoto',
  'Arewa',
  'Oodua',
  'Niger',
  'Benue',
  'Delta',
  'Savannah',
  'Harmattan',
  'Sahel',
  'Zuma',
  'Olumo',
  'Idanre',
  'Obudu',
  'Yankari',
  'Gurara',
]

const VIRTUE_WORDS = [
  'Royal',
  'Golden',
  'Unity',
  'Heritage',
  'Zenith',
  'Crest',
  'Sterling',
  'Prime',
  'Divine',
  'Grace',
  'Favour',
  'Glory',
  'Excel',
  'Pinnacle',
  'Treasure',
  'Kingdom',
  'Covenant',
  'Rock',
  'Bright',
  'Evergreen',
  'Green Pasture',
  'Jollof',
  'Suya',
  'Adire',
  'Ankara',
  'Aso Oke',
  'Kolanut',
  'Iroko',
  'Baobab',
  'Ogbono',
  'Egusi',
  'Zobo',
  'Afrobeat',
  'Talking Drum',
  'Cowrie',
  'Oasis',
  'Platinum',
  'Silverline',
  'Morningstar',
  'Rainbow',
]

/** Sector words per seeded category (server/seed/reference-data.ts); unknown categories get GENERIC_SECTORS. */
const SECTORS_BY_CATEGORY: Record<string, string[]> = {
  'Agriculture and Agro-allied': [
    'Farms',
    'Agro',
    'Agro-Allied',
    'Poultry',
    'Fisheries',
    'Cassava Mills',
    'Rice Mills',
    'Livestock',
  ],
  Manufacturing: ['Industries', 'Manufacturing', 'Plastics', 'Textiles', 'Packaging', 'Paints', 'Foods', 'Beverages'],
  'Retail and Wholesale Trade': ['Stores', 'Supermarket', 'Trading', 'Mart', 'Provisions', 'Distributors', 'Merchants'],
  'Financial Services': ['Microfinance', 'Capital', 'Finance', 'Investments', 'Bureau de Change', 'Asset Management'],
  'Technology and Software': ['Technologies', 'Tech Hub', 'Systems', 'Digital', 'Software', 'Labs', 'Data Services'],
  'Oil and Gas': ['Oil & Gas', 'Energy', 'Petroleum', 'Petrochemicals', 'Marine Services', 'Gas Solutions'],
  Telecommunications: ['Telecoms', 'Networks', 'Communications', 'Broadband', 'Towers'],
  'Transport and Logistics': ['Logistics', 'Haulage', 'Transport', 'Express', 'Freight', 'Shipping', 'Motors'],
  'Hospitality and Tourism': ['Hotels', 'Suites', 'Resorts', 'Kitchen', 'Events', 'Travels & Tours', 'Lounge'],
  'Healthcare and Pharmaceuticals': ['Pharmacy', 'Hospital', 'Clinics', 'Pharmaceuticals', 'Diagnostics', 'Medical Services'],
  Education: ['Academy', 'Schools', 'College', 'Tutors', 'Learning Centre', 'Montessori'],
  'Real Estate and Construction': ['Properties', 'Builders', 'Construction', 'Homes', 'Realty', 'Engineering', 'Estates'],
  'Media and Entertainment': ['Media', 'Studios', 'Records', 'Entertainment', 'Films', 'Productions', 'Radio'],
  'Professional Services': ['Consult', 'Consulting', 'Advisory', 'Associates', 'Chambers', 'Partners', 'Outsourcing'],
  'Non-profit and Religious': ['Mission', 'Outreach', 'Care', 'Ministries', 'Charity', 'Empowerment'],
}
const GENERIC_SECTORS = ['Services', 'Solutions', 'Resources', 'Concepts', 'Global', 'Holdings', 'Ventures']

type RegistrationClass = 'RC' | 'BN' | 'IT' | 'LP' | 'LLP'

/** Seeded business types: weight, registration class and the name suffixes that fit. */
const TYPE_PROFILES: Record<string, { weight: number; cls: RegistrationClass; suffixes: string[] }> = {
  'Private Limited Company': {
    weight: 44,
    cls: 'RC',
    suffixes: ['Limited', 'Ltd', 'Nigeria Limited', 'Nig. Ltd', 'Company Limited'],
  },
  'Public Limited Company': { weight: 2, cls: 'RC', suffixes: ['Plc', 'Nigeria Plc'] },
  'Company Limited by Guarantee': { weight: 4, cls: 'RC', suffixes: ['Ltd/Gte', 'Foundation Ltd/Gte'] },
  'Business Name': {
    weight: 30,
    cls: 'BN',
    suffixes: ['Enterprises', 'Ventures', '& Sons', 'Global Concepts', 'Stores', 'Nigeria', ''],
  },
  'Limited Partnership': { weight: 3, cls: 'LP', suffixes: ['LP', 'Partners LP'] },
  'Limited Liability Partnership': { weight: 4, cls: 'LLP', suffixes: ['LLP', '& Partners LLP'] },
  'Incorporated Trustees': {
    weight: 8,
    cls: 'IT',
    suffixes: ['Foundation', 'Initiative', 'Association', 'Trust', 'Welfare Society'],
  },
  'Cooperative Society': {
    weight: 5,
    cls: 'IT',
    suffixes: ['Cooperative Society', 'Multipurpose Cooperative', 'Thrift & Credit Society'],
  },
}
const DEFAULT_TYPE_PROFILE = { weight: 1, cls: 'RC' as RegistrationClass, suffixes: ['Limited', 'Ltd'] }

/** Where each class's numbers start, so they look like real ones (RC 6–7 digits, BN 7, IT 5–6, LP/LLP 4–5). */
const REG_NO_BASE: Record<RegistrationClass, number> = { RC: 1_000_000, BN: 2_500_000, IT: 50_000, LP: 1_000, LLP: 2_000 }

const STREETS = [
  'Adeola Odeku',
  'Awolowo',
  'Ahmadu Bello Way',
  'Herbert Macaulay',
  'Allen Avenue',
  'Broad',
  'Marina',
  'Isaac John',
  'Opebi',
  'Admiralty Way',
  'Aminu Kano Crescent',
  'Ogui',
  'Aba Road',
  'Trans-Amadi',
  'Murtala Mohammed Way',
  'Tafawa Balewa',
  'Zik Avenue',
  'Bompai',
  'Ring Road',
  'Okpara Avenue',
  'Wuse Zone 4',
  'Obafemi Awolowo Way',
]
const STREET_KINDS = ['Street', 'Road', 'Close', 'Crescent', 'Avenue']

/** Share of businesses per state (%); the other states share what is left equally. */
const STATE_WEIGHTS: Record<string, number> = {
  Lagos: 30,
  'Federal Capital Territory': 10,
  Rivers: 7,
  Kano: 6,
  Oyo: 5,
  Ogun: 5,
  Anambra: 4,
  Kaduna: 3,
  Enugu: 3,
  Delta: 3,
}

const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com']
const PHONE_PREFIXES = [
  '803',
  '806',
  '813',
  '816',
  '703',
  '706',
  '810',
  '814',
  '903',
  '805',
  '807',
  '815',
  '905',
  '802',
  '808',
  '812',
  '701',
  '902',
  '809',
  '817',
  '818',
  '909',
  '908',
]

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** mulberry32: small, fast, good enough for test data, and reproducible. */
function prng(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function weightedPicker<T>(items: readonly T[], weightOf: (item: T) => number, random: () => number): () => T {
  const cumulative: number[] = []
  let sum = 0
  for (const item of items) cumulative.push((sum += weightOf(item)))
  return () => {
    const r = random() * sum
    let lo = 0
    let hi = cumulative.length - 1
    while (lo < hi) {
      const mid = (lo + hi) >> 1
      if (cumulative[mid]! > r) hi = mid
      else lo = mid + 1
    }
    return items[lo]!
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '')
/** The unique index's key: lower(regexp_replace(name, '\s', '', 'g')). */
const nameKey = (s: string) => s.toLowerCase().replace(/\s/g, '')

interface LgaFile {
  NG: { state: string; lgas: string[] }[]
}

function loadStates(): { state: string; lgas: string[] }[] {
  const file = JSON.parse(readFileSync(join(PROJECT_ROOT, 'server/data/local-governments.json'), 'utf8')) as LgaFile
  // "Abuja" is an alias of the FCT there (same LGAs): keep one.
  return file.NG.filter((s) => s.state !== 'Abuja')
}

// ---------------------------------------------------------------------------------------------------------
// Generation

interface Reference {
  types: { id: string; name: string }[]
  categories: { id: string; name: string }[]
  divisions: { id: string }[]
  users: { id: string }[]
  existingRows: number
}

type Rows<T> = { rows: T[] }

async function loadReference(db: Database): Promise<Reference> {
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows<T>).rows
  const types = await rows<{ id: string; name: string }>(sql`select id, name from business_types order by name`)
  const categories = await rows<{ id: string; name: string }>(sql`select id, name from business_categories order by name`)
  const divisions = await rows<{ id: string }>(sql`select id from business_divisions order by code`)
  // "A few users": the oldest handful (the demo staff when SEED_DEMO=true).
  const users = await rows<{ id: string }>(sql`select id from users order by created_at, email limit 6`)
  const [count] = await rows<{ n: number | string }>(sql`select count(*) as n from businesses`)
  if (!types.length || !categories.length)
    throw new Error('business_types / business_categories are empty: seed the database first')
  return { types, categories, divisions, users, existingRows: Number(count?.n ?? 0) }
}

const COLUMNS = [
  ['name', 'text'],
  ['reg_no', 'text'],
  ['registration_class', 'text'],
  ['type_id', 'uuid'],
  ['category_id', 'uuid'],
  ['email', 'text'],
  ['phone', 'text'],
  ['website', 'text'],
  ['division_id', 'uuid'],
  ['address_line1', 'text'],
  ['address_line2', 'text'],
  ['city', 'text'],
  ['country', 'text'],
  ['state', 'text'],
  ['lga', 'text'],
  ['approval_status', 'text'],
  ['kyc_details_completed', 'boolean'],
  ['archive_status', 'text'],
  ['assignee_id', 'uuid'],
  ['recertification_date', 'date'],
  ['created_by', 'uuid'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
  ['approved_at', 'timestamptz'],
] as const
type Column = (typeof COLUMNS)[number][0]
type Row = Record<Column, string | boolean | null>

const INSERT_SQL = (() => {
  const names = COLUMNS.map(([c]) => c).join(', ')
  const record = COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ')
  return {
    head: `with ins as (insert into businesses (${names}) select ${names} from jsonb_to_recordset(`,
    tail: `::jsonb) as r(${record}) on conflict do nothing returning 1) select count(*) as n from ins`,
  }
})()

function makeRowFactory(ref: Reference, seed: number) {
  const random = prng(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!
  const chance = (p: number) => random() < p

  const typePicker = weightedPicker(ref.types, (t) => (TYPE_PROFILES[t.name] ?? DEFAULT_TYPE_PROFILE).weight, random)
  const categoryPicker = weightedPicker(
    ref.categories,
    (c) =>
      c.name === 'Retail and Wholesale Trade' || c.name === 'Professional Services'
        ? 3
        : c.name === 'Oil and Gas' || c.name === 'Telecommunications'
          ? 0.5
          : 1,
    random,
  )
  const states = loadStates()
  const otherStateWeight =
    (100 - Object.values(STATE_WEIGHTS).reduce((a, b) => a + b, 0)) / states.filter((s) => !(s.state in STATE_WEIGHTS)).length
  const statePicker = weightedPicker(states, (s) => STATE_WEIGHTS[s.state] ?? otherStateWeight, random)
  // A few users create them all, the first ones most often (weights 1, 1/2, 1/3, …).
  const creatorPicker = ref.users.length
    ? weightedPicker(
        ref.users.map((u, i) => ({ id: u.id, weight: 1 / (i + 1) })),
        (u) => u.weight,
        random,
      )
    : null

  const usedNames = new Set<string>()
  const now = Date.now()
  const threeYearsMs = 3 * 365.25 * 24 * 3600 * 1000
  const dayMs = 24 * 3600 * 1000

  function businessName(typeName: string, categoryName: string): string {
    const profile = TYPE_PROFILES[typeName] ?? DEFAULT_TYPE_PROFILE
    const sectors = SECTORS_BY_CATEGORY[categoryName] ?? GENERIC_SECTORS
    for (let attempt = 0; ; attempt++) {
      const r = random()
      const sector = pick(sectors)
      const suffix = pick(profile.suffixes)
      let stem: string
      if (r < 0.3) stem = `${pick(GIVEN_NAMES)} ${sector}`
      else if (r < 0.5) stem = `${pick(PLACE_WORDS)} ${pick(VIRTUE_WORDS)} ${sector}`
      else if (r < 0.7) stem = `${pick(GIVEN_NAMES)} ${pick(VIRTUE_WORDS)} ${sector}`
      else if (r < 0.85) stem = `${pick(GIVEN_NAMES)} & ${pick(GIVEN_NAMES)} ${sector}`
      else stem = `${pick(VIRTUE_WORDS)} ${pick(PLACE_WORDS)} ${sector}`
      // After a few collisions (large N): add a place, then a branch number; always ends unique.
      if (attempt >= 4) stem = `${stem} ${pick(PLACE_WORDS)}`
      if (attempt >= 8) stem = `${stem} ${attempt}`
      const name = suffix ? `${stem} ${suffix}` : stem
      const key = nameKey(name)
      if (!usedNames.has(key)) {
        usedNames.add(key)
        return name
      }
    }
  }

  return (serial: number): Row => {
    const type = typePicker()
    const category = categoryPicker()
    const profile = TYPE_PROFILES[type.name] ?? DEFAULT_TYPE_PROFILE
    const name = businessName(type.name, category.name)
    const cls = profile.cls
    const { state, lgas } = statePicker()
    const lga = lgas.length ? pick(lgas) : null

    // More recent businesses are more likely (density grows linearly over the three years).
    const createdAt = now - threeYearsMs * (1 - Math.sqrt(random()))
    const ageDays = (now - createdAt) / dayMs
    // Older applications have mostly been decided; the last few weeks are mostly pending.
    const pendingShare = ageDays < 30 ? 0.7 : ageDays < 180 ? 0.3 : 0.12
    const s = random()
    const approvalStatus = s < pendingShare ? 'PENDING' : s < pendingShare + (1 - pendingShare) * 0.82 ? 'APPROVED' : 'DECLINED'
    const kycDetailsCompleted =
      approvalStatus === 'APPROVED' ? chance(0.88) : approvalStatus === 'PENDING' ? chance(0.45) : chance(0.6)
    const archived = chance(approvalStatus === 'DECLINED' ? 0.15 : 0.03)
    const decidedAt = approvalStatus === 'PENDING' ? null : Math.min(now, createdAt + (1 + random() * 20) * dayMs)
    // Recertification a year after approval: some are overdue (derived "blocked").
    const recertification =
      approvalStatus === 'APPROVED' && decidedAt ? new Date(decidedAt + 365 * dayMs).toISOString().slice(0, 10) : null
    const updatedAt = Math.min(now, (decidedAt ?? createdAt) + random() * 30 * dayMs)
    const domainSlug = slug(name).slice(0, 40)
    const ownDomain = chance(0.55)
    const streetNo = 1 + Math.floor(random() * 250)

    return {
      name,
      reg_no: `${cls}${REG_NO_BASE[cls] + serial}`,
      registration_class: cls,
      type_id: type.id,
      category_id: category.id,
      email: ownDomain ? `info@${domainSlug}.com.ng` : `${domainSlug.slice(0, 24)}${serial % 1000}@${pick(EMAIL_DOMAINS)}`,
      phone: `+234${pick(PHONE_PREFIXES)}${String(Math.floor(random() * 10_000_000)).padStart(7, '0')}`,
      website: ownDomain && chance(0.7) ? `https://${domainSlug}.com.ng` : null,
      division_id: ref.divisions.length && chance(0.25) ? pick(ref.divisions).id : null,
      address_line1: `${streetNo} ${pick(STREETS)} ${pick(STREET_KINDS)}`,
      address_line2: chance(0.2) ? `Suite ${1 + Math.floor(random() * 40)}` : null,
      city: lga,
      country: 'Nigeria',
      state,
      lga,
      approval_status: approvalStatus,
      kyc_details_completed: kycDetailsCompleted,
      archive_status: archived ? 'ARCHIVED' : 'ACTIVE',
      assignee_id: ref.users.length && approvalStatus === 'PENDING' && chance(0.5) ? pick(ref.users).id : null,
      recertification_date: recertification,
      created_by: creatorPicker ? creatorPicker().id : null,
      created_at: new Date(createdAt).toISOString(),
      updated_at: new Date(updatedAt).toISOString(),
      approved_at: approvalStatus === 'APPROVED' && decidedAt ? new Date(decidedAt).toISOString() : null,
    }
  }
}

/** Inserts `rows` businesses in batches; see the file comment. */
export async function generateBusinesses(db: Database, options: GenerateOptions): Promise<GenerateReport> {
  const started = performance.now()
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE
  const ref = await loadReference(db)
  // Continue numbering after the rows already there, so a second run adds new registration numbers.
  const makeRow = makeRowFactory(ref, (options.seed ?? 20_240_601) + ref.existingRows)
  let buildMs = 0
  let inserted = 0
  let generated = 0
  let batches = 0
  // Names are unique within a run by construction; one already in the table (an earlier run, the demo seed) is
  // skipped by ON CONFLICT, and the loop tops up until `rows` are in (or gives up when nearly all collide).
  while (inserted < options.rows) {
    const count = Math.min(batchSize, options.rows - inserted)
    const buildStarted = performance.now()
    const batch: Row[] = new Array(count)
    for (let i = 0; i < count; i++) batch[i] = makeRow(ref.existingRows + ++generated)
    const json = JSON.stringify(batch)
    buildMs += performance.now() - buildStarted
    const result = (await db.execute(sql`${sql.raw(INSERT_SQL.head)}${json}${sql.raw(INSERT_SQL.tail)}`)) as unknown as Rows<{
      n: number | string
    }>
    const added = Number(result.rows[0]?.n ?? 0)
    inserted += added
    batches++
    options.onProgress?.(inserted, options.rows)
    if (added < count * 0.05)
      throw new Error(`Only ${added} of ${count} rows were new: the name space is exhausted (try another --seed)`)
  }
  const totalMs = performance.now() - started
  return {
    requested: options.rows,
    inserted,
    skipped: generated - inserted,
    batches,
    batchSize,
    buildMs,
    totalMs,
    rowsPerSecond: inserted / (totalMs / 1000),
  }
}

/**
 * The audit history the review queue reads (bench only, after generateBusinesses()): a `CREATE` row per business at
 * its creation, and for each business with KYC marked complete a `KYC_COMPLETED` row (false → true) 0–10 days later,
 * a second one a few days after that for one in five (a later re-entry: the queue takes the latest). Their
 * before/after hold only `kycDetailsCompleted`, and the hash chain is not computed (throwaway data, never verified).
 * Deterministic per business id. Businesses that have audit rows already are left alone, so a kept database can be
 * topped up and called again. Returns the number of rows added.
 */
export async function generateQueueAudits(db: Database): Promise<number> {
  const result = (await db.execute(sql`
    with ins as (
      insert into audits (resource, resource_id, action, before, after, created_at, prev_hash, hash)
      select 'business', b.id::text, e.action, e.before, e.after, least(e.at, now()), 'bench', md5(b.id::text || e.action || e.n)
      from businesses b
      cross join lateral (values
        ('CREATE', 0, null::jsonb, '{"kycDetailsCompleted":false}'::jsonb, b.created_at),
        ('KYC_COMPLETED', 1, '{"kycDetailsCompleted":false}'::jsonb, '{"kycDetailsCompleted":true}'::jsonb,
          b.created_at + (abs(hashtext(b.id::text)) % 14400) * interval '1 minute'),
        ('KYC_COMPLETED', 2, '{"kycDetailsCompleted":false}'::jsonb, '{"kycDetailsCompleted":true}'::jsonb,
          b.created_at + (14400 + abs(hashtext(b.id::text || 'again')) % 7200) * interval '1 minute')
      ) as e(action, n, before, after, at)
      where (e.n = 0 or (b.kyc_details_completed and (e.n = 1 or abs(hashtext(b.id::text)) % 5 = 0)))
        and not exists (select 1 from audits a where a.resource = 'business' and a.resource_id = b.id::text)
      returning 1
    ) select count(*) as n from ins`)) as unknown as Rows<{ n: number | string }>
  return Number(result.rows[0]?.n ?? 0)
}

// ---------------------------------------------------------------------------------------------------------
// CLI

export function parseIntFlag(argv: string[], flag: string, fallback: number, min = 1): number {
  const prefix = `--${flag}=`
  const raw = argv.find((a) => a.startsWith(prefix))?.slice(prefix.length)
  if (raw === undefined) return fallback
  const value = Number(raw.replace(/_/g, ''))
  if (!Number.isInteger(value) || value < min) throw new Error(`--${flag} must be an integer ≥ ${min}, got ${raw}`)
  return value
}

async function cli() {
  const argv = process.argv.slice(2)
  const unknown = argv.filter((a) => !/^--(rows|batch|seed)=/.test(a))
  if (unknown.length)
    throw new Error(`Unknown ${unknown.join(', ')}; usage: tsx bench/generate-businesses.ts [--rows=N] [--batch=N] [--seed=N]`)
  const rows = parseIntFlag(argv, 'rows', DEFAULT_ROWS)
  const batchSize = parseIntFlag(argv, 'batch', DEFAULT_BATCH_SIZE)
  const seed = parseIntFlag(argv, 'seed', 20_240_601, 0)
  process.env.LOG_LEVEL ??= 'warn'

  const { getDatabaseHandle, closeDatabase } = await import('@/server/db/client')
  const { seedOnOpen } = await import('@/server/seed/seed-on-open')
  seedOnOpen()
  const handle = await getDatabaseHandle()
  console.log(
    `Inserting ${rows.toLocaleString('en')} businesses into ${handle.kind} ${handle.location} (batches of ${batchSize})…`,
  )
  try {
    const report = await generateBusinesses(handle.db, {
      rows,
      batchSize,
      seed,
      onProgress: process.stdout.isTTY
        ? (done, total) => process.stdout.write(`\r  ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`)
        : undefined,
    })
    if (process.stdout.isTTY) process.stdout.write('\n')
    const analyzeStarted = performance.now()
    // VACUUM as well: where autovacuum is off (this machine kind's PostgreSQL) nothing else builds the visibility map,
    // and without it the lists' index-only scans visit the heap for every row (the staff name search 23 → 5 ms).
    await handle.db.execute(sql`vacuum analyze businesses`)
    console.log(
      `Inserted ${report.inserted.toLocaleString('en')} (${report.skipped} generated rows were already taken and replaced) in ${(report.totalMs / 1000).toFixed(1)} s ` +
        `(${report.rowsPerSecond.toFixed(0)} rows/s; building rows ${(report.buildMs / 1000).toFixed(1)} s); VACUUM ANALYZE ${((performance.now() - analyzeStarted) / 1000).toFixed(1)} s`,
    )
  } finally {
    await closeDatabase()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
