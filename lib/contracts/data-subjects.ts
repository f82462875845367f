import { z } from 'zod'

/**
 * A data subject the portal holds: a user account, a person named on a means of ID, an individual shareholder, a
 * government entity's representative, the contact of a CRM account (its e-mail and phone), the sender of a support
 * inquiry (one inquiry).
 */
export const DATA_SUBJECT_KINDS = [
  'USER',
  'MEANS_OF_ID',
  'SHAREHOLDER',
  'GOVERNMENT_REPRESENTATIVE',
  'CRM_CONTACT',
  'SUPPORT_INQUIRY',
] as const
export type DataSubjectKind = (typeof DATA_SUBJECT_KINDS)[number]

export const dataSubjectSearchQuerySchema = z
  .object({
    email: z.string().trim().toLowerCase().min(3, { message: 'must be at least 3 characters' }).max(254).optional(),
    name: z.string().trim().min(2, { message: 'must be at least 2 characters' }).max(200).optional(),
    /** A BVN, NIN or ID number: matched through its blind index, never in clear. */
    identityNumber: z.string().trim().min(4, { message: 'must be at least 4 characters' }).max(40).optional(),
  })
  .refine((q) => q.email || q.name || q.identityNumber, {
    message: 'Give an e-mail, a name or an identity number to search by',
    path: ['email'],
  })
export type DataSubjectSearchQuery = z.infer<typeof dataSubjectSearchQuerySchema>

export const dataSubjectSchema = z.object({
  kind: z.enum(DATA_SUBJECT_KINDS),
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  /**
   * Where the person appears: the business of a means of ID or shareholder, a user's memberships (a government
   * representative's entity, a CRM contact's account: none; their names are in `name`).
   */
  businesses: z.array(z.object({ id: z.uuid(), name: z.string(), approvalStatus: z.string(), archiveStatus: z.string() })),
  /** What matched, never the value: `email`, `name`, `bvn`, `idNumber`. */
  matchedBy: z.array(z.string()),
  /** Why erasure is refused, when it is (a retention duty); null when the person may be erased. */
  retentionDuty: z.string().nullable(),
})
export type DataSubject = z.infer<typeof dataSubjectSchema>

export const dataSubjectParams = z.object({
  kind: z.enum(DATA_SUBJECT_KINDS, { message: `must be one of ${DATA_SUBJECT_KINDS.join(', ')}` }),
  id: z.uuid({ message: 'must be an id (UUID)' }),
})

export const dataSubjectExportQuerySchema = z.object({
  purpose: z.string().trim().min(3, { message: 'must be at least 3 characters' }).max(200).default('Data-subject access request'),
})

export const eraseDataSubjectSchema = z.object({
  reason: z.string().trim().min(10, { message: 'must be at least 10 characters: say who asked and why' }).max(1000),
})

export const erasureResultSchema = z.object({
  kind: z.enum(DATA_SUBJECT_KINDS),
  id: z.uuid(),
  /** Rows pseudonymised (kept for the business's records with the person's details removed) and removed. */
  pseudonymised: z.array(z.string()),
  removed: z.array(z.string()),
  filesRemoved: z.number().int(),
  subjectKeysDestroyed: z.number().int(),
  blobsLeftBehind: z.array(z.string()),
})
export type ErasureResult = z.infer<typeof erasureResultSchema>
