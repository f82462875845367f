import { z } from 'zod'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { MAX_REQUIREMENTS, MAX_TEXT_ANSWER, ONBOARDING_STATUSES } from './product-values'
import { productCodeSchema, requirementSchema } from './products'
import { dueQuery, openDueFieldsSchema } from './service-levels'

export {
  ONBOARDING_STATUSES,
  ONBOARDING_STATUS_LABELS,
  EDITABLE_ONBOARDING_STATUSES,
  type OnboardingStatus,
} from './product-values'

export const onboardingStatusSchema = z.enum(ONBOARDING_STATUSES, { message: `must be one of ${ONBOARDING_STATUSES.join(', ')}` })

/** POST /onboarding-products: a business applies for a product. */
export const applySchema = z
  .object({
    businessId: z.uuid({ message: 'must be a business id' }),
    productCode: productCodeSchema,
  })
  .meta({ id: 'OnboardingApply' })
export type ApplyInput = z.input<typeof applySchema>

/**
 * PUT /onboarding-products/{id}/requirements: a draft of some answers (autosave). `value` answers a Text Input,
 * `fileId` (a confirmed upload of this business) an Upload Document; an empty value or a null file clears it.
 */
export const answerInputSchema = z.object({
  key: z.string({ message: 'Key is required' }).trim().min(1, 'Key is required').max(50),
  value: z.string().max(MAX_TEXT_ANSWER, `At most ${MAX_TEXT_ANSWER} characters`).nullable().optional(),
  fileId: z.uuid({ message: 'must be a file id' }).nullable().optional(),
})
export const answersInputSchema = z
  .object({
    answers: z
      .array(answerInputSchema)
      .max(MAX_REQUIREMENTS)
      .superRefine((list, ctx) => {
        const seen = new Set<string>()
        list.forEach((a, i) => {
          if (seen.has(a.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `${a.key} is answered twice` })
          seen.add(a.key)
        })
      }),
  })
  .meta({ id: 'OnboardingAnswersInput' })
export type AnswersInput = z.input<typeof answersInputSchema>

/** PUT /onboarding-products/approve/{id}; a comment is required to decline. */
export const onboardingDecisionSchema = z
  .object({
    decision: z.enum(['APPROVED', 'DECLINED'], { message: 'must be APPROVED or DECLINED' }),
    comment: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
      z.string().trim().max(1000).optional(),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'DECLINED' && !v.comment)
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Say why the application is declined' })
  })
  .meta({ id: 'OnboardingDecision' })
export type OnboardingDecisionInput = z.input<typeof onboardingDecisionSchema>

export const answerFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
})

export const onboardingAnswerSchema = z.object({
  key: z.string(),
  value: z.string().nullable(),
  file: answerFileSchema.nullable(),
  updatedAt: z.string(),
})
export type OnboardingAnswer = z.infer<typeof onboardingAnswerSchema>

export const onboardingSummarySchema = z
  .object({
    id: z.uuid(),
    status: onboardingStatusSchema,
    businessId: z.uuid(),
    business: z.object({
      id: z.uuid(),
      name: z.string(),
      regNo: z.string(),
      approvalStatus: z.enum(['PENDING', 'APPROVED', 'DECLINED']),
      archiveStatus: z.enum(['ACTIVE', 'ARCHIVED']),
      kycDetailsCompleted: z.boolean(),
      blocked: z.boolean(),
      blockedReasons: z.array(z.string()),
    }),
    productId: z.uuid(),
    product: z.object({
      id: z.uuid(),
      code: z.string(),
      name: z.string(),
      category: z.string(),
      live: z.boolean(),
      active: z.boolean(),
    }),
    requirementsVersion: z.number().int(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decisionComment: z.string().nullable(),
    completedAt: z.string().nullable(),
    removedAt: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'OnboardingProduct' })
export type OnboardingSummary = z.infer<typeof onboardingSummarySchema>

/**
 * One onboarding with its requirement form: while editable (PENDING, DECLINED) the product's current requirements,
 * afterwards the version the answers were submitted against. `missingRequired` names required requirements still
 * unanswered.
 */
export const onboardingDetailSchema = onboardingSummarySchema
  .extend({
    editable: z.boolean(),
    requirements: z.array(requirementSchema),
    answers: z.array(onboardingAnswerSchema),
    missingRequired: z.array(z.string()),
  })
  .meta({ id: 'OnboardingProductDetail' })
export type OnboardingDetail = z.infer<typeof onboardingDetailSchema>

export const onboardingPageSchema = pageSchema(onboardingSummarySchema).meta({ id: 'OnboardingProductPage' })

const repeatable = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]), z.array(item).min(1).optional())

/** GET /onboarding-products, /approvals and /{code}: status (may repeat), product, business, business name. */
export const onboardingListQuerySchema = pageQuerySchema.extend({
  /** `businessName`, `createdAt`, `submittedAt` or `status`, with `,asc` or `,desc`; the list's own order by default. */
  sort: sortQuery(['businessName', 'createdAt', 'submittedAt', 'status']),
  status: repeatable(onboardingStatusSchema),
  productId: z.uuid({ message: 'must be a product id' }).optional(),
  productCode: z.string().trim().toUpperCase().max(40).optional(),
  businessId: z.uuid({ message: 'must be a business id' }).optional(),
  searchKey: z.string().trim().max(100).optional(),
})
export type OnboardingListQuery = z.output<typeof onboardingListQuerySchema>

/** GET /onboarding-products/approvals (the review queue): the list's filters, plus due time (docs/service-levels.md#due-times). */
export const onboardingQueueQuerySchema = onboardingListQuerySchema.extend({
  /** As the list's, plus `dueAt` (IN_REVIEW ones by due time). */
  sort: sortQuery(['businessName', 'createdAt', 'submittedAt', 'status', 'dueAt']),
  /** IN_REVIEW ones by due time. */
  due: dueQuery,
})
export type OnboardingQueueQuery = z.output<typeof onboardingQueueQuerySchema>

/** A row of the review queue: an IN_REVIEW application carries its due time. */
export const onboardingQueueRowSchema = onboardingSummarySchema
  .extend(openDueFieldsSchema.shape)
  .meta({ id: 'OnboardingQueueRow' })
export type OnboardingQueueRow = z.infer<typeof onboardingQueueRowSchema>
export const onboardingQueuePageSchema = pageSchema(onboardingQueueRowSchema).meta({ id: 'OnboardingQueuePage' })

export const canProceedSchema = z
  .object({ canProceed: z.boolean(), reasons: z.array(z.string()) })
  .meta({ id: 'CanProceedKycCapturing' })
export type CanProceed = z.infer<typeof canProceedSchema>

/** GET /businesses/{id}/products: the business's products (not removed), flat for lists and dashboards. */
export const businessProductSchema = z
  .object({
    id: z.uuid(),
    productId: z.uuid(),
    code: z.string(),
    name: z.string(),
    category: z.string(),
    status: onboardingStatusSchema,
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'BusinessProduct' })
export type BusinessProduct = z.infer<typeof businessProductSchema>
