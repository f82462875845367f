import { z } from 'zod'
import { businessListQuerySchema, businessSchema } from './businesses'
import { pageSchema } from './pagination'
import { ARCHIVE_REASON_MAX_LENGTH, ARCHIVE_REASON_MIN_LENGTH } from './review-values'

/** `POST /archive/business/{id}` and `.../unarchive`: a reason is required both ways. */
export const archiveReasonSchema = z.object({
  reason: z
    .string({ message: 'Give a reason' })
    .trim()
    .min(ARCHIVE_REASON_MIN_LENGTH, `Give a reason (at least ${ARCHIVE_REASON_MIN_LENGTH} characters)`)
    .max(ARCHIVE_REASON_MAX_LENGTH, `A reason has at most ${ARCHIVE_REASON_MAX_LENGTH} characters`),
})
export type ArchiveReasonInput = z.input<typeof archiveReasonSchema>

/** `GET /archive/businesses`: the business list's filters; archived businesses only. */
export const archiveListQuerySchema = businessListQuerySchema.omit({ archiveStatus: true, productId: true, sort: true })
export type ArchiveListQuery = z.output<typeof archiveListQuerySchema>

export const archivedBusinessSchema = businessSchema.extend({
  archivedAt: z.string().nullable(),
  archivedBy: z.string().nullable(),
  archiveReason: z.string().nullable(),
})
export type ArchivedBusiness = z.infer<typeof archivedBusinessSchema>
export const archivedBusinessPageSchema = pageSchema(archivedBusinessSchema)
