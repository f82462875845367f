import type { z } from 'zod'
import type {
  accessRequestSchema,
  Business,
  divisionSchema,
  existingProfileAnswerSchema,
  referenceItemSchema,
} from '@/lib/contracts/businesses'

export type { Business, BusinessUser, CreateBusinessInput, InviteBusinessUserInput } from '@/lib/contracts/businesses'
export type { Page } from '@/lib/contracts/pagination'

/** GET /businesses/user-businesses/me: a business with the signed-in user's role in it. */
export type MyBusiness = Business & { role: string }
export type ReferenceItem = z.infer<typeof referenceItemSchema>
export type Division = z.infer<typeof divisionSchema>
export type AccessRequest = z.infer<typeof accessRequestSchema>
export type ExistingProfileAnswer = z.infer<typeof existingProfileAnswerSchema>
/** An onboarding product of a business or a division: only `id` is promised so far, the rest is shown when present. */
export type ProductSummary = { id: string; name?: string; code?: string; status?: string } & Record<string, unknown>
export type BusinessRoleName = 'BUSINESS_OWNER' | 'BUSINESS_MEMBER'
