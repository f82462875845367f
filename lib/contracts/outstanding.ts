import { z } from 'zod'
import { KYC_STEPS } from './kyc-values'

/** The KYC steps whose progress the dashboard shows (the preview is not a step with data of its own). */
export const KYC_PROGRESS_STEPS = ['COMPANY_DETAILS', 'ADDRESSES', 'MEANS_OF_ID', 'SHAREHOLDERS', 'DOCUMENTS'] as const

/** What one outstanding item is about; `target` says where the business acts on it. */
export const OUTSTANDING_CODES = [
  'BUSINESS_DECLINED',
  'KYC_STEP_INCOMPLETE',
  'KYC_NOT_SUBMITTED',
  'EDD_INCOMPLETE',
  'AWAITING_APPROVAL',
  'DOCUMENT_MISSING',
  'DOCUMENT_REJECTED',
  'DOCUMENT_REUPLOAD_REQUESTED',
  'DEFERRAL_OVERDUE',
  'DEFERRAL_DUE',
  'DEFERRAL_PENDING',
  'PRODUCT_REQUIREMENTS_MISSING',
  'PRODUCT_NOT_SUBMITTED',
  'PRODUCT_DECLINED',
  'NO_PRODUCTS',
  'RECERTIFICATION_DUE',
  'RECERTIFICATION_OVERDUE',
] as const

export const OUTSTANDING_SEVERITIES = ['danger', 'warning', 'info'] as const
export const OUTSTANDING_TARGET_KINDS = ['KYC_STEP', 'KYC_EDD', 'KYC_DOCUMENTS', 'PRODUCT', 'DEFERRALS', 'NONE'] as const

export const kycStepProgressSchema = z
  .object({
    step: z.enum(KYC_PROGRESS_STEPS),
    complete: z.boolean(),
    /** How many things are still missing or wrong in the step. */
    gaps: z.number().int().min(0),
  })
  .meta({ id: 'KycStepProgress' })

export const outstandingItemSchema = z
  .object({
    code: z.enum(OUTSTANDING_CODES),
    severity: z.enum(OUTSTANDING_SEVERITIES),
    title: z.string(),
    message: z.string(),
    target: z.object({
      kind: z.enum(OUTSTANDING_TARGET_KINDS),
      /** For KYC_STEP: the step to open (PREVIEW to mark the KYC complete). */
      step: z.enum(KYC_STEPS).optional(),
      /** For PRODUCT: the product's application; absent to browse the products. */
      productCode: z.string().optional(),
      /** For KYC_DOCUMENTS: the document type concerned, when there is one. */
      documentTypeId: z.uuid().optional(),
    }),
    /** A deferral's due date (ISO date-time) or the recertification date (YYYY-MM-DD). */
    dueDate: z.string().optional(),
    /** True when this item blocks the business (docs/domain.md#blocked). */
    blocking: z.boolean().optional(),
  })
  .meta({ id: 'OutstandingItem' })

export const outstandingSchema = z
  .object({
    kycProgress: z.array(kycStepProgressSchema),
    /** Most pressing first: danger, then warning, then info. */
    items: z.array(outstandingItemSchema),
  })
  .meta({ id: 'BusinessOutstanding' })

export type KycStepProgress = z.infer<typeof kycStepProgressSchema>
export type OutstandingItem = z.infer<typeof outstandingItemSchema>
export type Outstanding = z.infer<typeof outstandingSchema>
export type OutstandingCode = (typeof OUTSTANDING_CODES)[number]
