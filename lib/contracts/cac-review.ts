import { z } from 'zod'
import { REGISTRATION_CLASSES } from '@/lib/validation/registration-number-rules'
import { dateQuerySchema } from './date-query'
import { KYC_DOCUMENT_STATUSES } from './kyc-document-values'
import { kycDocumentSchema } from './kyc-documents'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { dueQuery, openDueFieldsSchema } from './service-levels'

/**
 * Staff review of documents: CAC documents (decided per KYC record), per-document decisions and re-upload requests,
 * and the shared shapes of decisions and bulk answers (deferrals use them too).
 */

/**
 * CAC documents and deferrals (docs/domain.md#status-words): decided APPROVED or REJECTED; REJECTED is shown
 * "Declined".
 */
export const REVIEW_DECISIONS = ['APPROVED', 'REJECTED'] as const
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number]

export const REVIEW_COMMENT_MAX = 2000
export const BULK_MAX_ITEMS = 100

const optionalComment = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string({ message: 'must be text' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `A comment has at most ${REVIEW_COMMENT_MAX} characters`)
    .optional(),
)

const decisionFields = {
  decision: z.enum(REVIEW_DECISIONS, { message: 'must be APPROVED or REJECTED' }),
  comment: optionalComment,
}

function commentOnRejection(value: { decision: ReviewDecision; comment?: string }, ctx: z.RefinementCtx) {
  if (value.decision === 'REJECTED' && !value.comment) {
    ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Give the reason for rejecting: the business sees it' })
  }
}

/** `PUT /kyc/cac-documents-approval/{kycDetailsId}`, `PUT /kyc/documents/{id}/review`, `PUT /deferrals/approval/{id}`. */
export const reviewDecisionInputSchema = z.object(decisionFields).superRefine(commentOnRejection).meta({ id: 'ReviewDecision' })
export type ReviewDecisionInput = z.input<typeof reviewDecisionInputSchema>

/** Bulk decisions: one shared decision and comment for several records, each decided on its own. */
export const bulkReviewDecisionInputSchema = z
  .object({
    ids: z
      .array(z.uuid({ message: 'must be an id (UUID)' }), { message: 'must be a list of ids' })
      .min(1, 'Choose at least one')
      .max(BULK_MAX_ITEMS, `At most ${BULK_MAX_ITEMS} at once`)
      .refine((ids) => new Set(ids).size === ids.length, { message: 'must not repeat an id' }),
    ...decisionFields,
  })
  .superRefine(commentOnRejection)
  .meta({ id: 'BulkReviewDecision' })
export type BulkReviewDecisionInput = z.input<typeof bulkReviewDecisionInputSchema>

/** One item of a bulk answer: 200, or the status and error code the single call would have answered. */
export const bulkItemResultSchema = z.object({
  id: z.uuid(),
  status: z.number().int(),
  code: z.string().optional(),
  message: z.string().optional(),
})
export type BulkItemResult = z.infer<typeof bulkItemResultSchema>

export const bulkResultSchema = z
  .object({ results: z.array(bulkItemResultSchema), succeeded: z.number().int(), failed: z.number().int() })
  .meta({ id: 'BulkDecisionResult' })
export type BulkResult = z.infer<typeof bulkResultSchema>

// ---- CAC documents ----

const dateQuery = dateQuerySchema()

/** `GET /kyc/cac-documents-for-reviews`. `from`/`to` are on the latest upload of the record's CAC documents. */
export const cacReviewQuerySchema = pageQuerySchema.extend({
  /**
   * `businessName`, `submittedAt` (latest upload), `status` or `dueAt` (records waiting, by due time), with `,asc` or
   * `,desc`; newest upload first by default.
   */
  sort: sortQuery(['businessName', 'submittedAt', 'status', 'dueAt']),
  /** Records waiting for a review, by due time (docs/service-levels.md#due-times). */
  due: dueQuery,
  status: z.enum(KYC_DOCUMENT_STATUSES, { message: `must be one of ${KYC_DOCUMENT_STATUSES.join(', ')}` }).optional(),
  businessName: z.string().trim().min(1).max(200).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
})
export type CacReviewQuery = z.output<typeof cacReviewQuerySchema>

export const reviewBusinessSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  regNo: z.string(),
  registrationClass: z.enum(REGISTRATION_CLASSES),
  approvalStatus: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
  createdBy: z.uuid().nullable(),
})
export type ReviewBusiness = z.infer<typeof reviewBusinessSchema>

/** One KYC record with its current CAC documents. `status`: PENDING while any is, else REJECTED if any is, else APPROVED. */
export const cacReviewRowSchema = z
  .object({
    kycDetailsId: z.uuid(),
    business: reviewBusinessSchema,
    status: z.enum(KYC_DOCUMENT_STATUSES),
    pendingCount: z.number().int(),
    documents: z.array(kycDocumentSchema),
    /** The latest upload among them. */
    submittedAt: z.string(),
    /** The latest decision among them. */
    reviewedAt: z.string().nullable(),
    ...openDueFieldsSchema.shape,
  })
  .meta({ id: 'CacReview' })
export type CacReviewRow = z.infer<typeof cacReviewRowSchema>
export const cacReviewPageSchema = pageSchema(cacReviewRowSchema)

// ---- one document ----

/** `POST /kyc/documents/{id}/reupload-request`: the business sees the reason on its document page and by e-mail. */
export const reuploadRequestInputSchema = z
  .object({
    reason: z
      .string({ message: 'Say what is wrong with the document' })
      .trim()
      .min(5, 'Say what is wrong with the document (at least 5 characters)')
      .max(REVIEW_COMMENT_MAX, `A reason has at most ${REVIEW_COMMENT_MAX} characters`),
  })
  .meta({ id: 'ReuploadRequest' })
export type ReuploadRequestInput = z.input<typeof reuploadRequestInputSchema>
