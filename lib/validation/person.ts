import { z } from 'zod'

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

/** The rules of spec section 5; the server adds the common-password check (server/auth/common-passwords.ts). */
export const passwordSchema = z.string({ message: 'Password is required' }).superRefine((value, ctx) => {
  const failed = PASSWORD_RULES.filter((r) => !r.test(value))
  if (failed.length) {
    ctx.addIssue({ code: 'custom', message: `Password needs: ${failed.map((r) => r.label.toLowerCase()).join(', ')}` })
  }
})

/** Spec section 5: only letters, spaces, dots and hyphens, and not made only of spaces and dots. */
const NAME_CHARS = /^[\p{L}\s.-]+$/u
const ONLY_SPACES_AND_DOTS = /^[\s.]+$/

export function isValidName(value: string): boolean {
  return NAME_CHARS.test(value) && !ONLY_SPACES_AND_DOTS.test(value)
}

export const personNameSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .refine(isValidName, `${label} may contain only letters, spaces, dots and hyphens`)

export const emailSchema = z
  .string({ message: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail must be at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid e-mail address' }))
  .transform((v) => v.toLowerCase())

/** domain.md: `+234` or `0` followed by 10 digits; stored E.164 (+234XXXXXXXXXX). */
const NIGERIAN_PHONE = /^(?:\+234|0)(\d{10})$/

export function normaliseNigerianPhone(value: string): string | null {
  const match = NIGERIAN_PHONE.exec(value.replace(/[\s()-]/g, ''))
  return match ? `+234${match[1]}` : null
}

export const phoneSchema = z
  .string({ message: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .refine((v) => normaliseNigerianPhone(v) !== null, 'Enter a Nigerian phone number: +234 or 0 followed by 10 digits')
  .transform((v) => normaliseNigerianPhone(v)!)
