import { z } from 'zod'

/** The business picker: which of the user's businesses the screen is for (no API call: it goes in the URL). */
export const businessChoiceSchema = z.object({
  businessId: z.string().min(1, 'Choose the business'),
})
export type BusinessChoice = z.infer<typeof businessChoiceSchema>
