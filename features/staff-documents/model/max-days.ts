import { z } from 'zod'
import { deferrableDaysParamSchema } from '@/lib/contracts/deferral-review'
import { DEFERRAL_MAX_DAYS_LIMIT } from '@/lib/contracts/deferral-values'

/** The client's check of a maximum (the server checks again): a message that names the days, or null when fine. */
export function checkMaxDays(text: string): string | null {
  const value = text.trim()
  if (value === '') return 'Enter the number of days'
  const days = Number(value)
  if (!/^\d+$/.test(value) || !Number.isInteger(days)) return 'Enter a whole number of days'
  if (days < 1) return 'The maximum is at least 1 day'
  if (days > DEFERRAL_MAX_DAYS_LIMIT) return `The maximum is at most ${DEFERRAL_MAX_DAYS_LIMIT} days`
  return null
}

/** The maximum-days form: the field's words first, then the API's own rule (`PUT /deferrals/deferrable-days/{days}`). */
export const maxDaysFormSchema = z.object({
  days: z
    .string()
    .superRefine((text, ctx) => {
      const problem = checkMaxDays(text)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    })
    // The API's coercing rule takes any input; here it is the checked text.
    .pipe(deferrableDaysParamSchema.shape.days as z.ZodType<number, unknown> as z.ZodType<number, string>),
})
