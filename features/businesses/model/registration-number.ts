import {
  REGISTRATION_CLASS_LABELS,
  REGISTRATION_CLASSES,
  type RegistrationClass,
} from '@/lib/validation/registration-number-rules'

export { parseRegistrationNumber as readRegistrationNumber } from '@/lib/validation/registration-number-rules'
export type { RegistrationClass }

/** The classes with their names, for the hint under the field (lower case, to sit inside a sentence). */
export const REGISTRATION_CLASS_HINTS: readonly { code: RegistrationClass; label: string }[] = REGISTRATION_CLASSES.map(
  (code) => ({
    code,
    label: REGISTRATION_CLASS_LABELS[code].toLowerCase(),
  }),
)

export function registrationClassLabel(code: string): string {
  return REGISTRATION_CLASS_LABELS[code as RegistrationClass] ?? code
}
