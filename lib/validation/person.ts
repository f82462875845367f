import { z } from 'zod'
import { isValidName, PASSWORD_RULES } from './password-rules'

export * from './password-rules'

/** The rules of spec section 5; the server adds the common-password check (server/auth/common-passwords.ts). */
export const passwordSchema = z.string({ message: 'Password is required' }).superRefine((value, ctx) => {
  const failed = PASSWORD_RULES.filter((r) => !r.test(value))
  if (failed.length) {
    ctx.addIssue({ code: 'custom', message: `Password needs: ${failed.map((r) => r.label.toLowerCase()).join(', ')}` })
  }
})

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

/** docs/domain.md#nigerian-formats: `+234` or `0` followed by 10 digits; stored E.164 (+234XXXXXXXXXX). */
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
