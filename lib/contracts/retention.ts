import { z } from 'zod'

/** Why a business is purged: its application went quiet, was declined, or its relationship ended. */
export const RETENTION_RULES = ['INACTIVE_APPLICATION', 'DECLINED', 'ENDED_RELATIONSHIP'] as const
export type RetentionRule = (typeof RETENTION_RULES)[number]

export const retentionRunRequestSchema = z.object({
  dryRun: z.boolean({ message: 'must be true or false' }),
})

export const retentionReportSchema = z.object({
  dryRun: z.boolean(),
  ranAt: z.string(),
  /** Activity (or the decision, or the end) before these instants is past its period. */
  cutoffs: z.object({
    inactiveApplication: z.string(),
    declined: z.string(),
    endedRelationship: z.string(),
  }),
  businesses: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      regNo: z.string(),
      rule: z.enum(RETENTION_RULES),
      /** The last activity, the decision or the end the period runs from. */
      since: z.string(),
      files: z.number().int(),
    }),
  ),
  /** Autosaved step drafts of remaining businesses, untouched for the inactive period. */
  draftForms: z.number().int(),
  /** Archived government entities past RETENTION_ENDED_RELATIONSHIP_YEARS, with their representatives and documents. */
  governmentEntities: z.number().int(),
  /** Support inquiries older than RETENTION_SUPPORT_INQUIRY_DAYS, with their attachments. */
  supportInquiries: z.number().int(),
  /** CRM accounts whose contact e-mail and phone were removed (not refreshed for RETENTION_CRM_CONTACT_DAYS). */
  crmContacts: z.number().int(),
  /** Partner handovers never imported, retrieved longer ago than RETENTION_INACTIVE_APPLICATION_DAYS. */
  handovers: z.number().int(),
  files: z.number().int(),
  bytes: z.number().int(),
  /** Blobs deleted after their rows (0 on a dry run). */
  blobsDeleted: z.number().int(),
  /** Blobs whose rows are gone but which could not be deleted (logged; delete them by hand). */
  blobsLeftBehind: z.array(z.string()),
})
export type RetentionReport = z.infer<typeof retentionReportSchema>
