/**
 * The registration-number rule of domain.md ("Formats (Nigeria)") for the browser, without zod: the same reading as
 * `parseRegistrationNumber` in lib/validation/registration-number.ts (class RC, BN, IT, LP or LLP, then 1 to 10
 * digits, not all zeros; spaces and case ignored; one optional hyphen after the class). That module builds its zod
 * schema at import, so importing it here would put zod in the page's first-load JavaScript; the form's own
 * validation still uses the contract's schema, loaded lazily.
 */
export type RegistrationClass = 'RC' | 'BN' | 'IT' | 'LP' | 'LLP'

export const REGISTRATION_CLASS_HINTS: readonly { code: RegistrationClass; label: string }[] = [
  { code: 'RC', label: 'company' },
  { code: 'BN', label: 'business name' },
  { code: 'IT', label: 'incorporated trustees' },
  { code: 'LP', label: 'limited partnership' },
  { code: 'LLP', label: 'limited liability partnership' },
]

const PATTERN = /^(LLP|LP|RC|BN|IT)-?(\d{1,10})$/

/** `' rc 123 4567'` → `{ registrationClass: 'RC', normalised: 'RC1234567' }`; null when not a registration number. */
export function readRegistrationNumber(input: string): { registrationClass: RegistrationClass; normalised: string } | null {
  const match = PATTERN.exec(input.replace(/\s+/gu, '').toUpperCase())
  if (!match || /^0+$/.test(match[2]!)) return null
  const registrationClass = match[1] as RegistrationClass
  return { registrationClass, normalised: `${registrationClass}${match[2]}` }
}

export function registrationClassLabel(code: string): string {
  const label = REGISTRATION_CLASS_HINTS.find((c) => c.code === code)?.label ?? code
  return label.charAt(0).toUpperCase() + label.slice(1)
}
