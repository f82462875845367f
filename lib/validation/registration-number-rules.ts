/** Registration-number rules as plain functions, without zod, for browser code (zod stays out of first-load JS). */
/**
 * Registration classes (docs/domain.md#nigerian-formats). A business is identified by class plus number:
 * `RC1234567` and `BN1234567` are different businesses.
 */

export const REGISTRATION_CLASSES = ['RC', 'BN', 'IT', 'LP', 'LLP'] as const
export type RegistrationClass = (typeof REGISTRATION_CLASSES)[number]

export const REGISTRATION_CLASS_LABELS: Readonly<Record<RegistrationClass, string>> = {
  RC: 'Company',
  BN: 'Business name',
  IT: 'Incorporated trustees',
  LP: 'Limited partnership',
  LLP: 'Limited liability partnership',
}

export const REGISTRATION_NUMBER_MAX_DIGITS = 10

export interface ParsedRegistrationNumber {
  registrationClass: RegistrationClass
  /** The digits, as given (leading zeros are kept). */
  number: string
  /** Class plus digits, upper case, no spaces or hyphen: what is stored, e.g. `RC1234567`. */
  normalised: string
}

// LLP is tried before LP, so an LLP number is never read as LP. The digit count is REGISTRATION_NUMBER_MAX_DIGITS.
const REGISTRATION_NUMBER = /^(LLP|LP|RC|BN|IT)-?(\d{1,10})$/

/**
 * Reads a registration number: a class prefix (RC, BN, IT, LP, LLP) then digits.
 *
 * Decisions: any whitespace anywhere is ignored (`' rc 123 4567 '`) and case is ignored (`'llp12'`); one optional
 * hyphen is allowed between the class and the digits only (`'RC-1234567'`, `'rc - 1234567'`); no other characters
 * (`'RC/123'`, `'RC.123'`, `'RC12-34'`). The digits are 1 to 10 long, kept as given (leading zeros are not
 * stripped), and not all zeros. Returns `null` when the input is not a registration number (`'XX123'`, `'RC'`,
 * `'RC12A'`, `'1234567'`).
 */
export function parseRegistrationNumber(input: string | null | undefined): ParsedRegistrationNumber | null {
  if (typeof input !== 'string') return null
  const match = REGISTRATION_NUMBER.exec(input.replace(/\s+/gu, '').toUpperCase())
  if (!match) return null
  const registrationClass = match[1] as RegistrationClass
  const number = match[2]!
  if (/^0+$/.test(number)) return null
  return { registrationClass, number, normalised: `${registrationClass}${number}` }
}

export function isValidRegistrationNumber(input: string | null | undefined): boolean {
  return parseRegistrationNumber(input) !== null
}

/** `parseRegistrationNumber(input)?.normalised ?? null`. */
export function normaliseRegistrationNumber(input: string | null | undefined): string | null {
  return parseRegistrationNumber(input)?.normalised ?? null
}

export const REGISTRATION_NUMBER_MESSAGE = 'Registration number must be RC, BN, IT, LP or LLP followed by digits, e.g. RC1234567'

/** A registration number, transformed to its stored form (`' rc 1234567'` → `'RC1234567'`). */
