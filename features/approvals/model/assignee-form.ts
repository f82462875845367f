import { z } from 'zod'
import { assigneeInputSchema } from '@/lib/contracts/reviews'

/** The assignee form's schema: the API's (`PUT /businesses/{id}/assignee`), with "Nobody" (`''` in the select) as null. */
export const assigneeFormSchema = z.object({
  userId: z
    .string()
    .transform((v) => v || null)
    .pipe(assigneeInputSchema.shape.userId),
})
