/**
 * Generated names for the screening quality bench (bench/screening-quality.ts): realistic Nigerian customers (persons
 * and companies) that should raise no alert, and variants of listed names written the ways real data differs from
 * the list. Everything is drawn from a seeded generator, so a run is repeatable.
 */

/** mulberry32: a small seeded generator, enough for repeatable test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Random = () => number
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!

const words = (s: string) => s.trim().split(/\s+/)

const MUSLIM_MALE = words(`Mohammed Muhammad Abubakar Ibrahim Musa Aliyu Usman Abdullahi Yusuf Ahmed Umar Sani Garba
  Adamu Haruna Sulaiman Isa Idris Ismail Yakubu Hassan Hussaini Lawal Shehu Aminu Bashir Nasiru Kabiru Auwal Murtala
  Nura Jibril Tijjani Bala Danjuma Dauda Jafar Mustapha Salisu Sadiq Zubairu Habibu Rabiu Nuhu Abdulkadir Abdulrahman
  Abdulmalik Abdulaziz Kabir Faruk Ali Abdul Suleiman Muktar Ahmad Yahaya Saidu Hamza Bilyaminu Shamsuddeen Anas
  Abdulsalam Lukman Rilwan Kamaldeen Taofeek Rasheed Waheed Mubarak Abdulwahab Aminu Hamisu Surajo Buhari Lawan`)
const MUSLIM_FEMALE = words(`Fatima Aisha Hauwa Zainab Amina Maryam Hadiza Khadija Halima Rukayya Safiya Asmau Hafsat
  Jamila Binta Balaraba Ladi Saratu Aishatu Bilkisu Zulaihat Maimuna Hafsah Rahma Fatimah Aminat Kafayat Mulikat
  Ramat Sekinat Barakat Azeezat Rofiat Latifat`)
const CHRISTIAN = words(`John Emmanuel Joseph James Peter Paul David Daniel Samuel Michael Stephen Grace Mary
  Blessing Esther Elizabeth Joy Victoria Godwin Sunday Monday Friday Patience Faith Precious Favour Gift Goodluck
  Innocent Felix Victor Charles Richard Anthony Francis Augustine Christopher Vincent Benjamin Jonathan Matthew Mark
  Luke Simon Andrew Philip Thomas Deborah Comfort Mercy Rebecca Ruth Sarah Janet Florence Rose Helen Gloria Esther
  Josephine Cynthia Juliet Collins Kingsley Chris Henry Prosper Lucky Justice Celestine Boniface Cletus Ambrose`)
const YORUBA_GIVEN = words(`Adebayo Adewale Ayodele Babatunde Oluwaseun Olumide Oluwafemi Temitope Olufunke Folasade
  Funmilayo Kehinde Taiwo Yetunde Bukola Damilola Tolulope Oluwatobi Ayomide Adeola Abimbola Olamide Gbenga Segun
  Tunde Kunle Dayo Femi Bisi Lanre Wale Yemi Jide Biodun Modupe Omolara Iyabo Titilayo Adunni Moyosore Oreoluwa
  Ifeoluwa Opeyemi Adekunle Olayinka Morenike Oluwadamilare Oluwakemi Toyin Bolanle Kayode Rotimi Olusegun Adeniyi`)
const YORUBA_SURNAME = words(`Adeyemi Adebayo Ogunleye Ogunbiyi Oladipo Olawale Adeleke Ajayi Akinola Akinwumi Balogun
  Bakare Fashola Ogundipe Ojo Okunola Oyelaran Oyewole Adesina Alabi Afolabi Adegoke Ayeni Babalola Odunsi Oyebanji
  Popoola Sanusi Salami Adewumi Aina Lawal Oloyede Olatunji Ilori Akande Ajibade Adegbite Oyedepo Adeoye Ogunbanjo
  Adeniran Oyinlola Obafemi Awolowo Akintola Adeyinka Falana Olaniyan Oyekan Fadipe Oduwole Ayinde Kolawole Raji`)
const IGBO_GIVEN = words(`Chinedu Chukwuemeka Emeka Ngozi Chioma Chiamaka Obinna Ifeanyi Uchenna Nnamdi Ikechukwu
  Chidi Chibuike Kelechi Adaeze Amarachi Nneka Chinonso Onyekachi Ebuka Tochukwu Somtochukwu Chidinma Ugochukwu
  Chinwe Ogechi Nkechi Obiageli Ifeoma Uzoma Chukwudi Okechukwu Nonso Kosisochukwu Chinyere Nkiruka Ebere Azubuike
  Nnaemeka Chijioke Obiora Chimezie Ekene Ikenna Udoka Adanna Chinaza Ozioma`)
const IGBO_SURNAME = words(`Okafor Okonkwo Eze Nwosu Obi Okeke Nwankwo Onyeka Okoro Nwachukwu Chukwu Anyanwu Ibe Uche
  Okpara Ugwu Nnaji Onuoha Madu Ezeh Okonjo Iwu Nwafor Agu Ogbonna Umeh Ezeokafor Obiora Nwabueze Chukwuma Nwokolo
  Odili Onwuka Ekwueme Azikiwe Ojukwu Nzeribe Uzodinma Obasi Ogbu Onyeama Nwaneri Orji Kalu Nnamani Ekweremadu Mbah
  Igwe Ilo Anozie Ezekwesili Okoli Nwoye Achebe Udeh Ene Oti`)
const HAUSA_SURNAME = words(`Bello Abubakar Mohammed Musa Ibrahim Usman Yusuf Aliyu Garba Sani Abdullahi Danjuma Dantata
  Shagari Yaradua Dikko Gusau Bichi Gwarzo Kwankwaso Tambuwal Jega Maikano Dangote Wali Rimi Bagudu Shinkafi Maigari
  Lamido Tukur Buhari Atiku Baba Bukar Modu Kyari Zulum Gana Abba Mustapha Mamman Inuwa Sambo Gidado Jibrin Umar
  Lawal Suleiman Hassan Idris Adamu Haruna Yakubu Shehu Aminu Kabir Bala Dauda Nuhu Sadiq Tijjani Yahaya Magaji
  Dankwambo Ringim Kazaure Daura Argungu Zaria Katsina Gombe Bauchi Maiduguri Dutse Jalingo Dambatta Fagge Kura`)
const EDO_GIVEN = words(`Osaretin Nosa Eseosa Ivie Omosede Osasumwen Uyi Efe Osagie Osaze Eghosa Efosa Ehis Itohan Osas`)
const EDO_SURNAME = words(`Omoregie Obaseki Igbinedion Osayande Ehigie Aigbe Iyamu Ogbemudia Uwaifo Edosomwan Osarumwense
  Ighodaro Imasuen Oronsaye Ekhator Okoduwa Osagie Idahosa Erhabor Oshodin`)
const IJAW_GIVEN = words(`Ebiowei Timipre Tonye Preye Ebikabowei Ayibakuro Tari Ebiere Perebo Boma Ebi Tamara Ayebatari
  Ebimobowei Alaowei Diepreye Seiyefa`)
const IJAW_SURNAME = words(`Sylva Alamieyeseigha Dickson Jonathan Ebiye Opuene Amakiri Ogoriba Ebizimor Diri Ekpemupolo
  Agbedi Kemebradikumo Egbegi Amaechi Dokubo Tamuno Ibiba Briggs Horsfall`)
const EFIK_GIVEN = words(`Nsikak Ime Ekaette Aniekan Uduak Emem Mfon Idongesit Ubong Edidiong Iniobong Aniema Enobong
  Imaobong Ekemini Utibe`)
const EFIK_SURNAME = words(`Akpan Etim Effiong Bassey Okon Udoh Ekpo Essien Inyang Edet Asuquo Archibong Duke Eyo Ita
  Umoh Ukpong Udofia Ekanem Akpabio Attah Etuk Usoro Obot`)
const TIV_GIVEN = words(`Terver Msughter Iorwuese Aondona Tersoo Doosuur Mnena Sewuese Aondofa Nguveren Member`)
const TIV_SURNAME = words(`Iorliam Ortom Akume Tarka Gemade Agber Iyorchia Hembe Kwaghga Tyoden Anyam Ugande`)

const PERSON_TITLES = words(`Alhaji Alhaja Hajia Chief Dr Engr Mallam Otunba Prince Princess Mr Mrs Pastor Barr Prof Sir`)

interface Group {
  share: number
  given: (random: Random, female: boolean) => string
  surname: (random: Random) => string
}

const GROUPS: Group[] = [
  {
    share: 0.34,
    given: (r, f) => pick(r, f ? MUSLIM_FEMALE : MUSLIM_MALE),
    surname: (r) => (r() < 0.6 ? pick(r, MUSLIM_MALE) : pick(r, HAUSA_SURNAME)),
  },
  {
    share: 0.26,
    given: (r, f) => {
      const x = r()
      if (x < 0.5) return pick(r, YORUBA_GIVEN)
      if (x < 0.75) return pick(r, f ? MUSLIM_FEMALE : MUSLIM_MALE)
      return pick(r, CHRISTIAN)
    },
    surname: (r) => pick(r, YORUBA_SURNAME),
  },
  {
    share: 0.22,
    given: (r) => (r() < 0.6 ? pick(r, IGBO_GIVEN) : pick(r, CHRISTIAN)),
    surname: (r) => pick(r, IGBO_SURNAME),
  },
  { share: 0.05, given: (r) => (r() < 0.6 ? pick(r, EDO_GIVEN) : pick(r, CHRISTIAN)), surname: (r) => pick(r, EDO_SURNAME) },
  { share: 0.05, given: (r) => (r() < 0.6 ? pick(r, IJAW_GIVEN) : pick(r, CHRISTIAN)), surname: (r) => pick(r, IJAW_SURNAME) },
  { share: 0.05, given: (r) => (r() < 0.6 ? pick(r, EFIK_GIVEN) : pick(r, CHRISTIAN)), surname: (r) => pick(r, EFIK_SURNAME) },
  { share: 0.03, given: (r) => (r() < 0.6 ? pick(r, TIV_GIVEN) : pick(r, CHRISTIAN)), surname: (r) => pick(r, TIV_SURNAME) },
]

function pickGroup(random: Random): Group {
  let x = random()
  for (const group of GROUPS) {
    x -= group.share
    if (x < 0) return group
  }
  return GROUPS[0]!
}

function dateBetween(random: Random, fromYear: number, toYear: number): string {
  const year = fromYear + Math.floor(random() * (toYear - fromYear + 1))
  const month = 1 + Math.floor(random() * 12)
  const day = 1 + Math.floor(random() * 28)
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

export interface GeneratedCustomer {
  name: string
  kind: 'PERSON' | 'ENTITY'
  dateOfBirth: string | null
  nationality: string
}

/** A Nigerian person: given name, a middle name six times in ten, surname; a title one time in seven. */
export function generatePerson(random: Random): GeneratedCustomer {
  const group = pickGroup(random)
  const female = random() < 0.45
  const parts = [group.given(random, female)]
  if (random() < 0.6) {
    let middle = group.given(random, female)
    for (let i = 0; i < 3 && middle === parts[0]; i++) middle = group.given(random, female)
    parts.push(middle)
  }
  parts.push(group.surname(random))
  // Forms and files: "Surname Given" one time in five, upper case one time in four.
  let name = random() < 0.2 ? [parts[parts.length - 1]!, ...parts.slice(0, -1)].join(' ') : parts.join(' ')
  if (random() < 0.15) name = `${pick(random, PERSON_TITLES)} ${name}`
  if (random() < 0.25) name = name.toUpperCase()
  return { name, kind: 'PERSON', dateOfBirth: dateBetween(random, 1950, 2005), nationality: 'NG' }
}

const BUSINESS_WORDS = words(`Zenith Sahara Crown Royal Unity Heritage Golden Diamond Eagle Star Prime Excel Apex Delta
  Atlantic Premier Fidelity Legacy Kings Divine Covenant Favour Grace Glory Bright Victory Success Kingdom Emerald
  Platinum Silverline Greenfield Sunrise Lighthouse Cornerstone Rock Zion Mercy Peace Harmony Alpha Omega Supreme
  Trinity Shalom Jubilee Oasis Pinnacle Summit Horizon Frontier Liberty Noble Elite Dominion Everest Arewa Oduduwa
  Niger Benue Kano Lagos Ikeja Aba Onitsha Ibadan Kaduna Jos Enugu Calabar Warri Owerri Abuja Sokoto Ilorin Bonny
  Ogoni Bayelsa Ekiti Oyo Ogun Kwara Anambra Imo Rivers Plateau Borno Yobe Zamfara Nasarawa Kogi Taraba Adamawa`)

const COMPANY_PATTERNS: ((x: string, r: Random) => string)[] = [
  (x) => `${x} Ventures Ltd`,
  (x) => `${x} Global Resources Nig Ltd`,
  (x) => `${x} & Sons Enterprises`,
  (x) => `${x} Oil and Gas Plc`,
  (x) => `${x} Integrated Services Limited`,
  (x) => `${x} Nigeria Limited`,
  (x) => `${x} Agro Allied Industries Ltd`,
  (x) => `${x} Microfinance Bank Ltd`,
  (x) => `${x} Properties Ltd`,
  (x) => `${x} Logistics Company`,
  (x) => `${x} International Trading Co. Ltd`,
  (x) => `${x} Petroleum Ltd`,
  (x) => `${x} Construction Company Nig Ltd`,
  (x) => `${x} Farms Ltd`,
  (x) => `${x} Pharmaceuticals Ltd`,
  (x) => `${x} Hotels and Suites Ltd`,
  (x) => `${x} Motors Ltd`,
  (x) => `${x} Investment Company Limited`,
  (x) => `${x} Global Concepts`,
  (x) => `${x} Multi Links Ventures`,
  (x, r) => `${x} ${pick(r, ['Nig', 'Nigeria', 'West Africa'])} Enterprises`,
]

const ALL_SURNAMES = [
  ...YORUBA_SURNAME,
  ...IGBO_SURNAME,
  ...HAUSA_SURNAME,
  ...EDO_SURNAME,
  ...IJAW_SURNAME,
  ...EFIK_SURNAME,
  ...TIV_SURNAME,
]
const ALL_GIVEN = [...MUSLIM_MALE, ...CHRISTIAN, ...YORUBA_GIVEN, ...IGBO_GIVEN, ...EDO_GIVEN, ...IJAW_GIVEN, ...EFIK_GIVEN]

/** A Nigerian company: a founder's name, a surname, two words or a place, in one of the common patterns. */
export function generateCompany(random: Random): GeneratedCustomer {
  const x = random()
  let stem: string
  if (x < 0.3) stem = pick(random, ALL_SURNAMES)
  else if (x < 0.45) stem = `${pick(random, ALL_GIVEN)} ${pick(random, ALL_SURNAMES)}`
  else if (x < 0.75) stem = pick(random, BUSINESS_WORDS)
  else stem = `${pick(random, BUSINESS_WORDS)} ${pick(random, BUSINESS_WORDS)}`
  let name = pick(random, COMPANY_PATTERNS)(stem, random)
  if (random() < 0.3) name = name.toUpperCase()
  return { name, kind: 'ENTITY', dateOfBirth: null, nationality: 'NG' }
}

// ---------------------------------------------------------------------------------------------------------------
// Variants of listed names.

export const VARIANT_KINDS = [
  'as listed',
  'transliteration',
  'word order',
  'dropped middle name',
  'added middle name',
  'initials',
  'one typo',
  'missing space or hyphen',
  'title or suffix added',
  'accents',
  'lower case',
] as const
export type VariantKind = (typeof VARIANT_KINDS)[number]

/** Spellings of one name in common transliterations (Arabic, Hausa, Persian, Russian names in the lists). */
const SPELLING_GROUPS = [
  'mohammed muhammad mohamed mohammad muhammed mohamad',
  'yusuf yousef youssef yousuf',
  'hussein husain hussain husayn',
  'osama usama',
  'omar umar',
  'ahmed ahmad',
  'mahmoud mahmud',
  'abdullah abdallah abdulla',
  'said saeed sayed',
  'khalid khaled',
  'hassan hasan',
  'abu abou',
  'abdulrahman abdurrahman abdelrahman',
  'abdul abdel',
  'qaida qaeda',
  'ibrahim ebrahim',
  'ismail ismael',
  'yasin yaseen yassin',
  'nasser nasir naser',
  'mustafa mustapha moustafa',
  'jamal gamal',
  'jafar jaafar',
  'bakr bakar',
  'tahir taher',
  'zakaria zakariya',
  'karim kareem',
  'rahim raheem',
  'salim saleem',
  'hamid hameed',
  'sharif shareef',
  'aziz azeez',
  'faisal faysal',
  'usman uthman osman',
  'suleiman sulaiman sulayman',
  'yaqub yakub yaqoob',
  'ayman aiman',
  'hamza hamzah',
  'ali aly',
  'abdelkader abdulkadir abdelkadir',
  'aleksandr alexander aleksander',
  'sergei sergey',
  'yuri yury iouri',
  'dmitry dmitri dmitriy',
  'andrei andrey',
  'alexei alexey aleksei aleksey',
  'nikolai nikolay',
  'jose josé',
].map(words)

/** Letter-level transliteration differences: [from, to]. */
const SPELLING_RULES: [string, string][] = [
  ['ou', 'u'],
  ['oo', 'u'],
  ['ee', 'i'],
  ['kh', 'h'],
  ['q', 'k'],
  ['dj', 'j'],
  ['j', 'dj'],
  ['ph', 'f'],
  ['iy', 'i'],
  ['w', 'v'],
  ['v', 'w'],
  ['sch', 'sh'],
  ['sh', 'ch'],
  ['tch', 'ch'],
  ['x', 'ks'],
  ['ks', 'x'],
  ['ie', 'i'],
  ['aa', 'a'],
  ['y', 'i'],
  ['c', 'k'],
  ['ck', 'k'],
  ['e', 'a'],
  ['o', 'u'],
]

const matchCase = (like: string, text: string) => (like === like.toUpperCase() ? text.toUpperCase() : text)

function transliterate(tokens: string[], random: Random): string[] | null {
  const order = tokens.map((_, i) => i).sort(() => random() - 0.5)
  for (const i of order) {
    const lower = tokens[i]!.toLowerCase()
    const group = SPELLING_GROUPS.find((g) => g.includes(lower))
    if (group) {
      const others = group.filter((g) => g !== lower)
      const out = [...tokens]
      out[i] = matchCase(tokens[i]!, pick(random, others))
      return out
    }
  }
  const rules = [...SPELLING_RULES].sort(() => random() - 0.5)
  for (const [from, to] of rules) {
    for (const i of order) {
      const lower = tokens[i]!.toLowerCase()
      // A vowel swapped only inside a word, a consonant swap anywhere; never the first letter of a short word.
      const at = lower.indexOf(from, from.length === 1 && 'aeiou'.includes(from) ? 1 : 0)
      if (at < 0 || lower.length < 4) continue
      const out = [...tokens]
      out[i] = matchCase(tokens[i]!, lower.slice(0, at) + to + lower.slice(at + from.length))
      return out
    }
  }
  return null
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyz'

function typo(token: string, random: Random): string {
  const lower = token.toLowerCase()
  const at = 1 + Math.floor(random() * (lower.length - 1))
  const kind = Math.floor(random() * 4)
  let out: string
  if (kind === 0) out = lower.slice(0, at) + pick(random, [...LETTERS]) + lower.slice(at + 1)
  else if (kind === 1) out = lower.slice(0, at) + lower.slice(at + 1)
  else if (kind === 2) out = lower.slice(0, at) + pick(random, [...LETTERS]) + lower.slice(at)
  else if (at + 1 < lower.length) out = lower.slice(0, at) + lower[at + 1] + lower[at] + lower.slice(at + 2)
  else out = lower.slice(0, at - 1) + lower[at] + lower[at - 1]
  return out === lower ? lower.slice(0, -1) : matchCase(token, out)
}

const ACCENTS: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ' }

const ADDED_MIDDLE = words(`Muhammad Ali Ahmed Ibrahim Musa John Joseph Emmanuel Abdullahi Hassan Umar Yusuf Peter
  Bello Sani Adamu`)
const ADDED_TITLES = words(`Alhaji Dr Chief Mallam Engr Sheikh Mr Hajia Haji Mullah`)
const ADDED_SUFFIXES = ['Ltd', 'Limited', 'Nig Ltd', 'Plc', 'Company', 'Co. Ltd', 'International']

const GENERIC_WORD =
  /^(ltd|limited|co|company|corp|corporation|inc|llc|plc|sa|s\.a\.|group|holdings?|international|trading|enterprises?|establishment|est)\.?$/i

/**
 * One variant of a listed primary name, or null when that kind of variant does not apply to it (a one-word name
 * has no word order, a name without a known spelling variant no transliteration).
 */
export function variantOf(name: string, kind: 'PERSON' | 'ENTITY', variant: VariantKind, random: Random): string | null {
  const tokens = name.split(/\s+/).filter(Boolean)
  switch (variant) {
    case 'as listed':
      return name
    case 'transliteration':
      return transliterate(tokens, random)?.join(' ') ?? null
    case 'word order':
      if (tokens.length < 2) return null
      return [tokens[tokens.length - 1]!, ...tokens.slice(0, -1)].join(' ')
    case 'dropped middle name': {
      if (kind === 'PERSON') {
        if (tokens.length < 3) return null
        const at = 1 + Math.floor(random() * (tokens.length - 2))
        return tokens.filter((_, i) => i !== at).join(' ')
      }
      const generic = tokens.findIndex((t, i) => i > 0 && GENERIC_WORD.test(t.replace(/,$/, '')))
      if (generic < 0) return null
      return tokens.filter((_, i) => i !== generic).join(' ')
    }
    case 'added middle name': {
      if (kind !== 'PERSON' || tokens.length < 2) return null
      const out = [...tokens]
      out.splice(1, 0, matchCase(tokens[0]!, pick(random, ADDED_MIDDLE)))
      return out.join(' ')
    }
    case 'initials': {
      if (kind !== 'PERSON' || tokens.length < 2) return null
      const count = tokens.length <= 3 ? tokens.length - 1 : 1
      return tokens.map((t, i) => (i < count ? `${(/[A-Za-z]/.exec(t)?.[0] ?? t[0]!).toUpperCase()}.` : t)).join(' ')
    }
    case 'one typo': {
      const candidates = tokens.map((t, i) => i).filter((i) => tokens[i]!.replace(/[^A-Za-z]/g, '').length >= 3)
      if (!candidates.length) return null
      const at = pick(random, candidates)
      const out = [...tokens]
      out[at] = typo(tokens[at]!, random)
      return out.join(' ')
    }
    case 'missing space or hyphen': {
      if (name.includes('-')) return name.replace('-', random() < 0.5 ? '' : ' ')
      // Two adjacent words run together ("ABDUL RAHMAN" → "ABDULRAHMAN"); words with dots or commas stay apart.
      const word = /^[A-Za-z]{2,}$/
      const joinable = tokens.map((_, i) => i).filter((i) => word.test(tokens[i]!) && word.test(tokens[i + 1] ?? ''))
      if (!joinable.length) return null
      const at = pick(random, joinable)
      const out = [...tokens]
      out.splice(at, 2, tokens[at]! + tokens[at + 1]!)
      return out.join(' ')
    }
    case 'title or suffix added':
      return kind === 'PERSON' ? `${pick(random, ADDED_TITLES)} ${name}` : `${name} ${pick(random, ADDED_SUFFIXES)}`
    case 'accents': {
      const letters = [...name]
      const positions = letters.map((c, i) => (ACCENTS[c.toLowerCase()] ? i : -1)).filter((i) => i >= 0)
      if (!positions.length) return null
      for (let n = 0; n < Math.min(2, positions.length); n++) {
        const at = positions.splice(Math.floor(random() * positions.length), 1)[0]!
        const accented = ACCENTS[letters[at]!.toLowerCase()]!
        letters[at] = letters[at] === letters[at]!.toUpperCase() ? accented.toUpperCase() : accented
      }
      return letters.join('')
    }
    case 'lower case':
      return name.toLowerCase()
  }
}
