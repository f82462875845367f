import { z } from 'zod'

/**
 * BVN (Bank Verification Number) and NIN (National Identification Number): 11 digits (docs/domain.md#nigerian-formats).
 *
 * Decision: whitespace anywhere is ignored (`'2221 2345 678'` → `'22212345678'`); anything else that is not an ASCII
 * digit (hyphens, letters, a `+`) makes the value invalid, and so does any length other than exactly 11 digits.
 */
export const IDENTITY_NUMBER_LENGTH = 11

const ELEVEN_DIGITS = /^\d{11}$/

function normaliseElevenDigits(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null
  const compact = value.replace(/\s+/gu, '')
  return ELEVEN_DIGITS.test(compact) ? compact : null
}

/** The 11 digits of a BVN without whitespace, or `null` when it is not one. */
export function normaliseBvn(value: string | null | undefined): string | null {
  return normaliseElevenDigits(value)
}

/** The 11 digits of a NIN without whitespace, or `null` when it is not one. */
export function normaliseNin(value: string | null | undefined): string | null {
  return normaliseElevenDigits(value)
}

export function isValidBvn(value: string | null | undefined): boolean {
  return normaliseBvn(value) !== null
}

export function isValidNin(value: string | null | undefined): boolean {
  return normaliseNin(value) !== null
}

const elevenDigitSchema = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .transform((value, ctx) => {
      const digits = normaliseElevenDigits(value)
      if (digits === null) {
        ctx.addIssue({ code: 'custom', message: `${label} must be exactly ${IDENTITY_NUMBER_LENGTH} digits` })
        return z.NEVER
      }
      return digits
    })

/** A BVN, transformed to its 11 digits. */
export const bvnSchema = elevenDigitSchema('BVN')

/** A NIN, transformed to its 11 digits. */
export const ninSchema = elevenDigitSchema('NIN')
