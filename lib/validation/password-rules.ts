/** The person rules as plain predicates, without zod, for browser code that only needs to show them. */

/** Spec section 5: the special characters a password may use to satisfy the "one special" rule. */
export const PASSWORD_SPECIALS = '-+_!@#$%^&*.,?'
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export interface PasswordRule {
  id: 'length' | 'letter' | 'uppercase' | 'lowercase' | 'digit' | 'special' | 'maxLength'
  label: string
  test: (value: string) => boolean
}

const SPECIAL = /[-+_!@#$%^&*.,?]/

/** The rules, in the order the signup checklist shows them (spec section 5, plus a maximum length). */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (v) => v.length >= PASSWORD_MIN_LENGTH },
  { id: 'letter', label: 'A letter', test: (v) => /[A-Za-z]/.test(v) },
  { id: 'uppercase', label: 'An uppercase letter', test: (v) => /[A-Z]/.test(v) },
  { id: 'lowercase', label: 'A lowercase letter', test: (v) => /[a-z]/.test(v) },
  { id: 'digit', label: 'A digit', test: (v) => /\d/.test(v) },
  { id: 'special', label: `One of ${PASSWORD_SPECIALS.split('').join(' ')}`, test: (v) => SPECIAL.test(v) },
  { id: 'maxLength', label: `At most ${PASSWORD_MAX_LENGTH} characters`, test: (v) => v.length <= PASSWORD_MAX_LENGTH },
]

export function isValidPassword(value: string): boolean {
  return PASSWORD_RULES.every((r) => r.test(value))
}

/** Spec section 5: only letters, spaces, dots and hyphens, and not made only of spaces and dots. */
const NAME_CHARS = /^[\p{L}\s.-]+$/u
const ONLY_SPACES_AND_DOTS = /^[\s.]+$/

export function isValidName(value: string): boolean {
  return NAME_CHARS.test(value) && !ONLY_SPACES_AND_DOTS.test(value)
}
