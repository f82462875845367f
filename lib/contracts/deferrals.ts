import { z } from 'zod'
import { REGISTRATION_CLASSES } from '@/lib/validation/registration-number-rules'
import { DEFERRAL_DISPLAY_STATUSES, DEFERRAL_MAX_DAYS_LIMIT, DEFERRAL_REASON_MAX, DEFERRAL_STATUSES } from './deferral-values'
import { pageQuerySchema, pageSchema } from './pagination'

export * from './deferral-values'

const documentTypeRefSchema = z.object({ id: z.uuid(), code: z.string(), name: z.string(), isCac: z.boolean() })

export const deferralSchema = z
  .object({
    id: z.uuid(),
    businessId: z.uuid(),
    documentType: documentTypeRefSchema,
    days: z.number().int(),
    reason: z.string(),
    status: z.enum(DEFERRAL_STATUSES),
    /** The status, or OVERDUE for an approved deferral past its due date. */
    displayStatus: z.enum(DEFERRAL_DISPLAY_STATUSES),
    isOverdue: z.boolean(),
    requestedBy: z.uuid().nullable(),
    requestedAt: z.string(),
    decidedBy: z.uuid().nullable(),
    decidedAt: z.string().nullable(),
    decisionComment: z.string().nullable(),
    dueDate: z.string().nullable(),
    fulfilledAt: z.string().nullable(),
  })
  .meta({ id: 'Deferral' })
export type Deferral = z.infer<typeof deferralSchema>

export const deferralPageSchema = pageSchema(deferralSchema)

/** `POST /deferrals`. The upper bound of `days` is the configured maximum, checked by the service (400 on `days`). */
export const createDeferralSchema = z
  .object({
    businessId: z.uuid({ message: 'must be a business id' }),
    documentTypeId: z.uuid({ message: 'must be a document type id' }),
    days: z
      .number({ message: 'Enter the number of days' })
      .int('Enter a whole number of days')
      .min(1, 'A deferral is at least 1 day')
      .max(DEFERRAL_MAX_DAYS_LIMIT, `A deferral is at most ${DEFERRAL_MAX_DAYS_LIMIT} days`),
    reason: z
      .string({ message: 'Say why the document cannot be provided yet' })
      .trim()
      .min(10, 'Say why the document cannot be provided yet (at least 10 characters)')
      .max(DEFERRAL_REASON_MAX, `Keep the reason under ${DEFERRAL_REASON_MAX} characters`),
  })
  .meta({ id: 'DeferralRequest' })
export type CreateDeferralInput = z.input<typeof createDeferralSchema>

/** `GET /deferrals/deferrable?isCAC=1|0&id=<businessId>`. */
export const deferrableQuerySchema = z.object({
  id: z.uuid({ message: 'must be a business id' }),
  isCAC: z
    .enum(['1', '0', 'true', 'false'], { message: 'must be 1 or 0' })
    .transform((v) => v === '1' || v === 'true')
    .optional(),
})

export const deferrableTypeSchema = documentTypeRefSchema
  .extend({ description: z.string().nullable() })
  .meta({ id: 'DeferrableDocumentType' })

/** One row of the deferrable mapping. */
export const deferrableMappingSchema = z
  .object({ registrationClass: z.enum(REGISTRATION_CLASSES), documentType: documentTypeRefSchema })
  .meta({ id: 'DeferrableMapping' })

export const deferrableMaxDaysSchema = z.object({ maxDays: z.number().int() }).meta({ id: 'DeferrableMaxDays' })

export const businessDeferralsQuerySchema = pageQuerySchema.extend({
  status: z.enum(DEFERRAL_DISPLAY_STATUSES, { message: `must be one of ${DEFERRAL_DISPLAY_STATUSES.join(', ')}` }).optional(),
})
export type BusinessDeferralsQuery = z.output<typeof businessDeferralsQuerySchema>
