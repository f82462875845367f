import { z } from 'zod'
import { pageQuerySchema, pageSchema } from './pagination'

/** What kind of thing holding personal data was seen. */
export const PERSONAL_DATA_SUBJECT_KINDS = [
  'FILE',
  'MEANS_OF_ID',
  'SHAREHOLDER',
  'USER',
  'GOVERNMENT_REPRESENTATIVE',
  'CRM_CONTACT',
  'SUPPORT_INQUIRY',
] as const
export type PersonalDataSubjectKind = (typeof PERSONAL_DATA_SUBJECT_KINDS)[number]

/** Why a file was opened, when the caller says; otherwise the portal records the usual purpose of the caller's role. */
export const viewPurposeQuerySchema = z.object({
  purpose: z.string().trim().min(3, { message: 'must be at least 3 characters' }).max(200).optional(),
})

export const personalDataViewSchema = z.object({
  id: z.uuid(),
  viewedAt: z.string(),
  actor: z.object({
    id: z.uuid().nullable(),
    name: z.string(),
    email: z.string(),
    isStaff: z.boolean(),
  }),
  businessId: z.uuid().nullable(),
  subjectKind: z.enum(PERSONAL_DATA_SUBJECT_KINDS),
  subjectId: z.uuid(),
  /** A file's name, when the file still exists; otherwise what was seen (a field, a file purpose). */
  subjectLabel: z.string().nullable(),
  detail: z.string().nullable(),
  purpose: z.string(),
})
export type PersonalDataViewRecord = z.infer<typeof personalDataViewSchema>

export const personalDataViewPageSchema = pageSchema(personalDataViewSchema)

/** Staff: the whole log, filtered by subject (business, person or file) and by actor. */
export const personalDataViewListQuerySchema = pageQuerySchema.extend({
  businessId: z.uuid({ message: 'must be a UUID' }).optional(),
  subjectId: z.uuid({ message: 'must be a UUID' }).optional(),
  actorId: z.uuid({ message: 'must be a UUID' }).optional(),
})
export type PersonalDataViewListQuery = z.infer<typeof personalDataViewListQuerySchema>

/** A business's users: which staff opened its documents and people's records. */
export const businessDataViewQuerySchema = pageQuerySchema
export type BusinessDataViewQuery = z.infer<typeof businessDataViewQuerySchema>
