import { z } from 'zod'
import { sortQuery } from './pagination'
import { dueQuery, openDueFieldsSchema } from './service-levels'
import {
  KYC_PROVIDERS,
  VERIFICATION_KINDS,
  VERIFICATION_RESULTS,
  VERIFICATION_STATUSES,
  WAIVER_REASON_MIN,
} from './verification-values'

export * from './verification-values'

const COMMENT_MAX = 2000

/** One verifiable KYC item and where its check stands. */
export const verificationItemSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    kycDetailsId: z.uuid(),
    kind: z.enum(VERIFICATION_KINDS),
    /** The KYC record (COMPANY), means of ID or shareholder the item is about. */
    subjectId: z.uuid(),
    /** Whose item and which number, the number masked. */
    label: z.string(),
    checkedValue: z.string().meta({
      description:
        'The value checked. For MEANS_OF_ID (`TYPE:number`) and BVN items the number is masked: every character but the last four replaced by `*`.',
      format: 'masked',
    }),
    provider: z.enum(KYC_PROVIDERS),
    status: z.enum(VERIFICATION_STATUSES),
    comment: z.string().nullable(),
    providerReference: z.string().nullable(),
    decidedBy: z.uuid().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    /** Set when a reviewer waived the check for approval (a PENDING or FAILED item), with the reason. */
    waiver: z
      .object({ reason: z.string(), waivedBy: z.uuid().nullable(), waivedByName: z.string().nullable(), waivedAt: z.string() })
      .nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'KycVerification' })
export type VerificationItem = z.infer<typeof verificationItemSchema>

/** `GET /verified-kyc/{id}`'s query: the waiting items by due time (docs/service-levels.md#due-times). */
export const verificationListQuerySchema = z.object({
  /** `dueAt`, with `,asc` or `,desc`: the waiting items by due time. Absent: by kind. */
  sort: sortQuery(['dueAt']),
  /** The waiting items (PENDING, not waived) of that due status. */
  due: dueQuery,
})
export type VerificationListQuery = z.output<typeof verificationListQuerySchema>

/** An item of `GET /verified-kyc/{id}`: a waiting one (PENDING, not waived) carries its due time. */
export const verificationListItemSchema = verificationItemSchema
  .extend(openDueFieldsSchema.shape)
  .meta({ id: 'KycVerificationRow' })
export type VerificationListItem = z.infer<typeof verificationListItemSchema>

const counts = z.object({ verified: z.number().int(), pending: z.number().int(), failed: z.number().int() })

/**
 * `GET /kyc/business/{id}/verified`: `verified` is true when the business has at least one item, every item is
 * VERIFIED and every KYC address is VERIFIED.
 */
export const businessVerificationSchema = z
  .object({
    businessId: z.uuid(),
    verified: z.boolean(),
    pending: z.number().int(),
    failed: z.number().int(),
    items: z.array(verificationItemSchema),
    addresses: counts,
  })
  .meta({ id: 'BusinessVerification' })
export type BusinessVerification = z.infer<typeof businessVerificationSchema>

const resultFields = {
  status: z.enum(VERIFICATION_RESULTS, { message: 'must be VERIFIED or FAILED' }),
  comment: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string({ message: 'must be text' }).trim().max(COMMENT_MAX, `A comment has at most ${COMMENT_MAX} characters`).optional(),
  ),
}

/** `PUT /verified-kyc/{id}` and `PUT /kyc/addresses/{id}/verification`: FAILED needs a comment. */
export const verificationResultInputSchema = z
  .object(resultFields)
  .superRefine((value, ctx) => {
    if (value.status === 'FAILED' && !value.comment) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the check failed: the business sees it' })
    }
  })
  .meta({ id: 'VerificationResult' })
export type VerificationResultInput = z.input<typeof verificationResultInputSchema>

/** `PUT /verified-kyc/{id}/waiver`: why approval may go ahead without this check. */
export const verificationWaiverInputSchema = z
  .object({
    reason: z
      .string({ message: 'Say why the check can be waived' })
      .trim()
      .min(WAIVER_REASON_MIN, `Say why the check can be waived (at least ${WAIVER_REASON_MIN} characters)`)
      .max(COMMENT_MAX, `A reason has at most ${COMMENT_MAX} characters`),
  })
  .meta({ id: 'VerificationWaiver' })
export type VerificationWaiverInput = z.input<typeof verificationWaiverInputSchema>

/** `GET /kyc/re-verify-pending-kyc-status`: what the configured provider did with the PENDING items. */
export const reverificationRunSchema = z
  .object({
    provider: z.enum(KYC_PROVIDERS),
    checked: z.number().int(),
    changed: z.number().int(),
    stillPending: z.number().int(),
    /** Items the run created because the business's KYC had them and no check yet. */
    opened: z.number().int(),
    ranAt: z.string(),
  })
  .meta({ id: 'ReverificationRun' })
export type ReverificationRun = z.infer<typeof reverificationRunSchema>
