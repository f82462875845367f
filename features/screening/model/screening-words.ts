import {
  SCREENING_STATUS_WORDS,
  type BusinessScreeningStatus,
  type ListedDate,
  type ScreenedSubjectKind,
  type ScreeningCheckStatus,
  type ScreeningHitStatus,
  type ScreeningListKind,
} from '@/lib/contracts/screening-values'

type Tone = 'success' | 'danger' | 'warning' | 'info' | 'neutral'

/** A business's screening status as the staff screens show it (the words are the contract's, shared with the lists). */
export function businessScreeningBadge(status: BusinessScreeningStatus): { label: string; tone: Tone } {
  const tone: Record<BusinessScreeningStatus, Tone> = {
    NOT_SCREENED: 'neutral',
    CLEAR: 'success',
    HITS_OPEN: 'warning',
    PEP: 'info',
    SANCTIONED: 'danger',
  }
  return { label: SCREENING_STATUS_WORDS[status], tone: tone[status] }
}

export const HIT_STATUS_BADGES: Record<ScreeningHitStatus, { label: string; tone: Tone }> = {
  OPEN: { label: 'Waiting for adjudication', tone: 'warning' },
  FALSE_MATCH: { label: 'False match', tone: 'success' },
  TRUE_MATCH: { label: 'True match', tone: 'danger' },
}

export const CHECK_STATUS_BADGES: Record<ScreeningCheckStatus, { label: string; tone: Tone }> = {
  CLEAR: { label: 'Clear', tone: 'success' },
  OPEN: { label: 'Possible match', tone: 'warning' },
  DECIDED: { label: 'Adjudicated', tone: 'neutral' },
}

export const SUBJECT_KIND_WORDS: Record<ScreenedSubjectKind, string> = {
  BUSINESS: 'The business',
  PERSON: 'Person',
  COMPANY: 'Corporate shareholder',
}

export const LIST_KIND_WORDS: Record<ScreeningListKind, string> = {
  SANCTIONS: 'sanctions list',
  PEP: 'PEP list',
  WATCH: 'watch list',
}

const ROLE_WORDS: Record<string, string> = {
  DIRECTOR: 'Director',
  SIGNATORY: 'Signatory',
  SHAREHOLDER: 'Shareholder',
  BENEFICIAL_OWNER: 'Beneficial owner',
  GOVERNMENT_REPRESENTATIVE: 'Government representative',
  OTHER: 'Other',
}

const PEP_WORDS: Record<string, string> = {
  PEP: 'Declared a politically exposed person',
  FAMILY_MEMBER: 'Declared a family member of a PEP',
  CLOSE_ASSOCIATE: 'Declared a close associate of a PEP',
  NOT_PEP: 'Declared not a PEP',
}

const FACTOR_WORDS: Record<string, string> = {
  name: 'Name',
  'weak-alias': 'Weak alias',
  'date-of-birth': 'Date of birth',
  nationality: 'Nationality',
  'common-names-only': 'Common names only',
  bounds: 'Kept within 0 and 1',
  kind: 'Person or entity',
}

/** `SNAKE_CASE` or `kebab-case` as a sentence's first words: `BENEFICIAL_OWNER` → "Beneficial owner". */
function humanise(code: string): string {
  const words = code.replace(/[_-]+/g, ' ').trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export const roleWords = (roles: readonly string[]) => roles.map((r) => ROLE_WORDS[r] ?? humanise(r)).join(', ')

export const pepWords = (declaration: { status: string; position: string | null; country: string | null } | null) => {
  if (!declaration) return 'No declaration'
  const words = PEP_WORDS[declaration.status] ?? humanise(declaration.status)
  const where = [declaration.position, declaration.country].filter(Boolean).join(', ')
  return where ? `${words} (${where})` : words
}

export const factorWords = (factor: string) => FACTOR_WORDS[factor] ?? humanise(factor)

/** A factor's effect on the score, signed: "+0.8200", "−0.3000", "0". */
export function effectWords(effect: number): string {
  if (effect === 0) return '0'
  return `${effect > 0 ? '+' : '−'}${Math.abs(effect).toFixed(4)}`
}

/** A score of 0 to 1 as the lists and the threshold are written: two decimals. */
export const scoreWords = (score: number) => score.toFixed(2)

/** A listed date of birth as precisely as the source gives it. */
export function listedDateWords(date: ListedDate): string {
  if (date.kind === 'EXACT') return date.date
  if (date.kind === 'YEAR') return `${date.year}`
  return `between ${date.fromYear} and ${date.toYear}`
}

/** The list versions a check was screened against: "UN_CONSOLIDATED version 1, OFAC_SDN version 1". */
export const listVersionWords = (versions: Record<string, number>) =>
  Object.entries(versions)
    .map(([code, number]) => `${code} version ${number}`)
    .join(', ') || 'none'
