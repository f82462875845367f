import { z } from 'zod'
import { dataSubjectSearchQuerySchema } from '@/lib/contracts/data-subjects'

/** The find-a-person form: three text boxes, any of which may be left blank. */
export interface DataSubjectSearchValues {
  email: string
  name: string
  identityNumber: string
}

const LABELS: Record<keyof DataSubjectSearchValues, string> = {
  email: 'E-mail',
  name: 'Name',
  identityNumber: 'BVN, NIN or ID number',
}

const blank = (text: string) => text.trim() || undefined

/**
 * The API's own search schema (`GET /data-subjects`), on the form's text: a blank box is left out, a box's refusal
 * names it (“Name must be at least 2 characters”), and “give something to search by” is the form's (`root`), not one
 * box's.
 */
export const dataSubjectSearchFormSchema = z
  .object({ email: z.string(), name: z.string(), identityNumber: z.string() })
  .transform((values, ctx) => {
    const query = { email: blank(values.email), name: blank(values.name), identityNumber: blank(values.identityNumber) }
    const result = dataSubjectSearchQuerySchema.safeParse(query)
    if (result.success) return result.data
    const nothing = !query.email && !query.name && !query.identityNumber
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof DataSubjectSearchValues
      if (nothing) ctx.addIssue({ code: 'custom', path: ['root'], message: issue.message })
      else ctx.addIssue({ code: 'custom', path: [field], message: `${LABELS[field]} ${issue.message}` })
    }
    return z.NEVER
  })
