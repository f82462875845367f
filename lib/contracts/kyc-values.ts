/**
 * KYC capture vocabulary and rules as plain values and functions, without zod, so browser code (the stepper, the
 * shareholder editor, the preview) can use them at run time. The zod schemas in ./kyc.ts are built from these.
 */
import { isoDay } from '@/lib/format/iso-day'
import { labelledValues } from './labelled-values'

/**
 * docs/domain.md#kyc-capture: the `kycDetailTypeId` of draft forms, which are also the capture steps that autosave a
 * draft.
 */
export const KYC_DETAIL_TYPES = ['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS', 'DOCUMENTS'] as const
export type KycDetailType = (typeof KYC_DETAIL_TYPES)[number]

/** A draft form's `data` may be at most this large (its JSON text, UTF-8); larger answers 413. */
export const DRAFT_DATA_MAX_BYTES = 64 * 1024

/**
 * Address kinds. REGISTERED is the address at the registry and is required; OPERATING is where the business trades;
 * DIRECTOR is a director's residential address, which may carry their passport photo.
 */
export const { values: KYC_ADDRESS_TYPES, labels: KYC_ADDRESS_TYPE_LABELS } = labelledValues({
  REGISTERED: 'Registered office',
  OPERATING: 'Operating address',
  DIRECTOR: "Director's residence",
})
export type KycAddressType = (typeof KYC_ADDRESS_TYPES)[number]

/** Address files, named as `DELETE /kyc/addresses/{id}/file?type=` names them. */
export const ADDRESS_FILE_TYPES = ['address_doc', 'passport_photo'] as const
export type AddressFileType = (typeof ADDRESS_FILE_TYPES)[number]

/** Verification of an address (set by staff review; PENDING until then). */
export const ADDRESS_VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'FAILED'] as const
export type AddressVerificationStatus = (typeof ADDRESS_VERIFICATION_STATUSES)[number]

/** Whose means of ID it is, besides their name. */
export const { values: ID_HOLDER_ROLES, labels: ID_HOLDER_ROLE_LABELS } = labelledValues({
  DIRECTOR: 'Director',
  SIGNATORY: 'Signatory',
  SHAREHOLDER: 'Shareholder',
  OTHER: 'Other',
})
export type IdHolderRole = (typeof ID_HOLDER_ROLES)[number]

/** "Director", or "Director and shareholder" when the ID is linked to a shareholder: a person can be both. */
export function idHolderRoles(id: { role: IdHolderRole; shareholderId: string | null }): string {
  const role = ID_HOLDER_ROLE_LABELS[id.role]
  return id.shareholderId && id.role !== 'SHAREHOLDER' ? `${role} and shareholder` : role
}

export const MEANS_OF_ID_TYPE_CODES = ['INTERNATIONAL_PASSPORT', 'DRIVERS_LICENCE', 'NATIONAL_ID_CARD', 'VOTERS_CARD'] as const
export type MeansOfIdTypeCode = (typeof MEANS_OF_ID_TYPE_CODES)[number]

export interface MeansOfIdType {
  code: MeansOfIdTypeCode
  name: string
  /** Whether the document carries an expiry date (then it is required and must be in the future). */
  expires: boolean
  /** The number's rule, as a regular expression source over the normalised number (upper case, no spaces). */
  pattern: string
  /** What a person reads when the number is wrong. */
  numberHint: string
  example: string
}

/**
 * Nigerian means of ID (`GET /kyc/means-of-ids/types`). Numbers are compared upper case without spaces or hyphens.
 * Passport: one letter and 8 digits. Driver's licence (FRSC): 3 letters, 5 digits, 2 letters and 2 digits, 12 in
 * all, e.g. ABC12345AA12. NIN slip / national ID card: the 11-digit NIN. Permanent voter's card: the 19-character VIN.
 * Voter's cards and national ID cards do not expire; passports and licences do.
 */
export const MEANS_OF_ID_TYPES: readonly MeansOfIdType[] = [
  {
    code: 'INTERNATIONAL_PASSPORT',
    name: 'International passport',
    expires: true,
    pattern: '^[A-Z]\\d{8}$',
    numberHint: 'a letter followed by 8 digits, e.g. A12345678',
    example: 'A12345678',
  },
  {
    code: 'DRIVERS_LICENCE',
    name: "Driver's licence",
    expires: true,
    pattern: '^[A-Z0-9]{12}$',
    numberHint: '12 letters and digits, e.g. ABC12345AA12',
    example: 'ABC12345AA12',
  },
  {
    code: 'NATIONAL_ID_CARD',
    name: 'National ID card (NIN)',
    expires: false,
    pattern: '^\\d{11}$',
    numberHint: 'the 11-digit NIN',
    example: '12345678901',
  },
  {
    code: 'VOTERS_CARD',
    name: "Permanent voter's card",
    expires: false,
    pattern: '^[A-Z0-9]{19}$',
    numberHint: '19 letters and digits (the VIN)',
    example: '90F5B1234567890123A',
  },
]

export function meansOfIdTypeOf(code: string): MeansOfIdType | undefined {
  return MEANS_OF_ID_TYPES.find((t) => t.code === code)
}

/** Upper case with spaces and hyphens removed: how ID numbers are compared and stored. */
export function normaliseIdNumber(value: string): string {
  return value.replace(/[\s-]+/g, '').toUpperCase()
}

/** A message when the number does not fit its type, else null. */
export function idNumberProblem(typeCode: string, value: string): string | null {
  const type = meansOfIdTypeOf(typeCode)
  if (!type) return 'Choose the kind of ID'
  return new RegExp(type.pattern).test(normaliseIdNumber(value))
    ? null
    : `The ${type.name.toLowerCase()} number must be ${type.numberHint}`
}

/**
 * The cross-field rules of a means of ID, one entry per failing field: the number fits its type; a type that expires
 * needs an expiry date after today; an issue date is not in the future and comes before the expiry date.
 */
export function meansOfIdProblems(
  value: { idType: string; idNumber: string; issueDate?: string | null; expiryDate?: string | null },
  today: string = todayIso(),
): Array<{ field: 'idType' | 'idNumber' | 'issueDate' | 'expiryDate'; message: string }> {
  const problems: Array<{ field: 'idType' | 'idNumber' | 'issueDate' | 'expiryDate'; message: string }> = []
  const type = meansOfIdTypeOf(value.idType)
  if (!type) return [{ field: 'idType', message: 'Choose the kind of ID' }]
  const numberProblem = idNumberProblem(value.idType, value.idNumber)
  if (numberProblem) problems.push({ field: 'idNumber', message: numberProblem })
  if (type.expires && !value.expiryDate)
    problems.push({ field: 'expiryDate', message: `Enter the expiry date of the ${type.name.toLowerCase()}` })
  else if (value.expiryDate && value.expiryDate <= today)
    problems.push({ field: 'expiryDate', message: 'This ID has expired; the expiry date must be in the future' })
  if (value.issueDate && value.issueDate > today)
    problems.push({ field: 'issueDate', message: 'Issue date cannot be in the future' })
  else if (value.issueDate && value.expiryDate && value.issueDate >= value.expiryDate)
    problems.push({ field: 'issueDate', message: 'Issue date must be before the expiry date' })
  return problems
}

/** What an API answer carries instead of an identity number: every character but the last four starred. */
export const MASKED_IDENTITY_DESCRIPTION =
  'Masked: every character but the last four replaced by `*` (e.g. `*******5678`). The clear value is answered only by the reveal call.'

/** `22212345678` → `*******5678`; four characters or fewer are starred entirely. */
export function maskIdentityNumber(value: string): string
export function maskIdentityNumber(value: string | null | undefined): string | null
export function maskIdentityNumber(value: string | null | undefined): string | null {
  if (value == null) return null
  if (value.length <= 4) return '*'.repeat(value.length)
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`
}

/** A personal value as answers mask it, by its key: a date of birth starred whole, a number but its last four. */
export function maskPersonalValue(key: string, value: string): string {
  return key === 'dateOfBirth' ? '*'.repeat(value.length) : maskIdentityNumber(value)
}

/** A masked value sent back by a form: it must never be stored in place of the number. */
export function isMaskedIdentityNumber(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.includes('*')
}

/**
 * Nigerian TIN. Decision: two forms are accepted, after removing spaces: the FIRS form of 8 digits, a hyphen and 4
 * digits (`12345678-0001`), and the plain digits of the newer JTB TIN, 10 to 14 of them (`1234567890`). Stored as
 * given in one of those two forms.
 */
const TIN_PATTERN = /^(?:\d{8}-\d{4}|\d{10,14})$/
export const TIN_MESSAGE = 'TIN must be 8 digits, a hyphen and 4 digits (12345678-0001), or 10 to 14 digits'

export function normaliseTin(value: string): string | null {
  const compact = value.replace(/\s+/g, '')
  return TIN_PATTERN.test(compact) ? compact : null
}

/**
 * A shareholder is a person, a company, a trust (its settlor, trustees and beneficiaries are persons under it) or a
 * nominee holding for a named person (its principal, a person under it). docs/ownership.md.
 */
export const SHAREHOLDER_TYPES = ['INDIVIDUAL', 'CORPORATE', 'TRUST', 'NOMINEE'] as const
export type ShareholderType = (typeof SHAREHOLDER_TYPES)[number]

/** A person under a trust or a nominee holds no shares there: they are its settlor, trustee, beneficiary or principal. */
export const { values: SHAREHOLDER_ROLES, labels: SHAREHOLDER_ROLE_LABELS } = labelledValues({
  SETTLOR: 'Settlor',
  TRUSTEE: 'Trustee',
  BENEFICIARY: 'Beneficiary',
  PRINCIPAL: 'Person the nominee acts for',
})
export type ShareholderRole = (typeof SHAREHOLDER_ROLES)[number]
/** The roles a person may have under each kind of parent. */
export const TRUST_ROLES: readonly ShareholderRole[] = ['SETTLOR', 'TRUSTEE', 'BENEFICIARY']

/** Kobo per naira; annual turnover is naira in the API, kobo in storage (docs/domain.md#money). */
export const KOBO_PER_NAIRA = 100
/** Ten trillion naira: more than any turnover, and its kobo stays a safe integer. */
export const MAX_TURNOVER_NAIRA = 10_000_000_000_000

/** `YYYY-MM-DD` of today in UTC. */
export function todayIso(now: Date = new Date()): string {
  return isoDay(now)
}

/** The capture steps in order (docs/domain.md#kyc-capture): the five data steps, then the preview. */
export const { values: KYC_STEPS, labels: KYC_STEP_LABELS } = labelledValues({
  COMPANY_DETAILS: 'Company details',
  ADDRESSES: 'Addresses',
  MEANS_OF_ID: 'Means of ID',
  SHAREHOLDERS: 'Shareholders',
  DOCUMENTS: 'Documents',
  PREVIEW: 'Preview',
})
export type KycStep = (typeof KYC_STEPS)[number]

// ---- dates of birth and PEP declarations (docs/domain.md#dates-of-birth-and-pep-declarations) ------------------

/** What an answer carries instead of a date of birth: starred whole, as drafts star it (the reveal call answers it). */
export const MASKED_DATE_OF_BIRTH_DESCRIPTION =
  'Masked: every character starred (`**********`); null when none was given. The clear date is answered only by the reveal call.'

/** `1980-05-12` → `**********`: nothing of a date of birth shows, not even the year. */
export function maskDateOfBirth(value: string | null | undefined): string | null {
  if (value == null) return null
  return '*'.repeat(value.length)
}

/** The oldest age accepted for a living person. */
export const MAX_PERSON_AGE = 120
/** Directors, signatories and government representatives are adults (CAMA 2020 s. 257 for directors). */
export const ADULT_AGE = 18

/** Roles whose holder must be an adult (the means of ID's role; a government representative always). */
export const ADULT_ID_HOLDER_ROLES: readonly IdHolderRole[] = ['DIRECTOR', 'SIGNATORY']

function isIsoCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const date = new Date(`${value}T00:00:00.000Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
}

/** The day `years` after `day` (`YYYY-MM-DD`, compared as text: a 29 February birthday counts from 1 March). */
function yearsAfter(day: string, years: number): string {
  return `${String(Number(day.slice(0, 4)) + years).padStart(4, '0')}${day.slice(4)}`
}

/**
 * What is wrong with a date of birth, or null: a real calendar date (`YYYY-MM-DD`), not in the future, an age of at
 * most 120 and, for `adult` (`who` names them: "A director"), at least 18.
 */
export function dateOfBirthProblem(
  value: string,
  options: { adult?: boolean; who?: string; today?: string } = {},
): string | null {
  const today = options.today ?? todayIso()
  if (!isIsoCalendarDate(value)) return 'Date of birth must be a real date (YYYY-MM-DD)'
  if (value > today) return 'Date of birth cannot be in the future'
  if (yearsAfter(value, MAX_PERSON_AGE + 1) <= today) return `Date of birth must give an age of at most ${MAX_PERSON_AGE} years`
  if (options.adult && yearsAfter(value, ADULT_AGE) > today)
    return `${options.who ?? 'This person'} must be at least ${ADULT_AGE} years old`
  return null
}

/** "A director" / "A signatory" for a role that must be an adult, else null. */
export function adultRoleWho(role: string | null | undefined): string | null {
  if (!role || !(ADULT_ID_HOLDER_ROLES as readonly string[]).includes(role)) return null
  return `A ${ID_HOLDER_ROLE_LABELS[role as IdHolderRole].toLowerCase()}`
}

/**
 * A politically exposed person's declaration: whether the person is a PEP (holds or held a prominent public
 * function), a family member of one, or a close associate of one (CBN AML/CFT/CPF Regulations 2022).
 */
export const { values: PEP_STATUSES, labels: PEP_STATUS_LABELS } = labelledValues({
  NOT_PEP: 'Not a PEP',
  PEP: 'Politically exposed person (PEP)',
  FAMILY_MEMBER: 'Family member of a PEP',
  CLOSE_ASSOCIATE: 'Close associate of a PEP',
})
export type PepStatus = (typeof PEP_STATUSES)[number]

/** The question's answers, in the owner's words. */
export const PEP_STATUS_CHOICES: Readonly<Record<PepStatus, string>> = {
  NOT_PEP: 'No',
  PEP: 'Yes: this person holds or held a prominent public position',
  FAMILY_MEMBER: 'Yes: this person is a family member of someone who does',
  CLOSE_ASSOCIATE: 'Yes: this person is a close associate of someone who does',
}

export const PEP_QUESTION = 'Is this person a politically exposed person (PEP), or a family member or close associate of one?'

/** Who counts, shown under the question. */
export const PEP_EXPLANATION =
  'A PEP holds, or has held, a prominent public position in Nigeria or abroad: for example a governor, minister or commissioner, a legislator, a senior judge, a senior military or police officer, an ambassador, a senior party official, or a director of a state-owned company or international organisation. Family members are their spouse or partner, parents, children and their spouses, and siblings. Close associates are people known to do business with them or to own a company or arrangement jointly with them.'

/** A declaration as answers carry it. */
export interface PepDeclaration {
  status: PepStatus
  /** The public position held (for a family member or close associate: the PEP's). */
  position: string | null
  /** ISO 3166-1 alpha-2 country of the position. */
  country: string | null
}

/** The declaration of a stored row (`pep_status`, `pep_position`, `pep_country`), or null when none was made. */
export function pepDeclarationOf(row: {
  pepStatus: PepStatus | null
  pepPosition: string | null
  pepCountry: string | null
}): PepDeclaration | null {
  if (!row.pepStatus) return null
  return { status: row.pepStatus, position: row.pepPosition, country: row.pepCountry }
}

/** The columns a declaration is stored in; a NOT_PEP declaration keeps no position or country. */
export function pepColumnsOf(pep: { status: PepStatus; position?: string | null; country?: string | null }) {
  const exposed = pep.status !== 'NOT_PEP'
  return {
    pepStatus: pep.status,
    pepPosition: exposed ? (pep.position ?? null) : null,
    pepCountry: exposed ? (pep.country ?? null) : null,
  }
}

/** "Date of birth" / "PEP declaration" / both, of what a person's record still lacks; empty when nothing. */
export function missingPersonDetails(row: { hasDateOfBirth: boolean; pep: unknown }): string[] {
  return [...(row.hasDateOfBirth ? [] : ['date of birth']), ...(row.pep ? [] : ['PEP declaration'])]
}

/** The shortest reason staff may give to reveal an identity number or a date of birth. */
export const REVEAL_REASON_MIN = 10
