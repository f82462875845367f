import { z } from 'zod'
import { parseRegistrationNumber, REGISTRATION_NUMBER_MESSAGE } from './registration-number-rules'

export * from './registration-number-rules'

export const registrationNumberSchema = z
  .string({ message: 'Registration number is required' })
  .trim()
  .min(1, 'Registration number is required')
  .transform((value, ctx) => {
    const parsed = parseRegistrationNumber(value)
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: REGISTRATION_NUMBER_MESSAGE })
      return z.NEVER
    }
    return parsed.normalised
  })
