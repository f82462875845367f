import { z } from 'zod'
import { REGISTRATION_CLASSES } from '@/lib/validation/registration-number-rules'
import { reviewBusinessSchema } from './cac-review'
import { dateQuerySchema } from './date-query'
import { DEFERRAL_DISPLAY_STATUSES, DEFERRAL_MAX_DAYS_LIMIT } from './deferral-values'
import { deferralSchema } from './deferrals'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { dueQuery, openDueFieldsSchema } from './service-levels'

/** The staff side of deferrals: lists, the decision, the maximum days and the deferrable mapping. */

const dateQuery = dateQuerySchema()

/** `GET /deferrals` (and `GET /deferrals/reviews`, which is PENDING only). `from`/`to` are on the request time. */
export const staffDeferralQuerySchema = pageQuerySchema.extend({
  /**
   * `businessName`, `createdAt` (requested), `dueDate` (the document's deadline), `status` or `dueAt` (PENDING ones by
   * the review's due time), with `,asc` or `,desc`; newest request first by default.
   */
  sort: sortQuery(['businessName', 'createdAt', 'dueDate', 'status', 'dueAt']),
  /** PENDING ones by the review's due time (docs/service-levels.md#due-times); not the document's `dueDate`. */
  due: dueQuery,
  status: z.enum(DEFERRAL_DISPLAY_STATUSES, { message: `must be one of ${DEFERRAL_DISPLAY_STATUSES.join(', ')}` }).optional(),
  businessName: z.string().trim().min(1).max(200).optional(),
  documentTypeId: z.uuid({ message: 'must be a document type id' }).optional(),
  from: dateQuery.optional(),
  to: dateQuery.optional(),
  overdue: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
})
export type StaffDeferralQuery = z.output<typeof staffDeferralQuerySchema>

export const staffDeferralSchema = deferralSchema
  .extend({
    business: reviewBusinessSchema,
    requestedByName: z.string().nullable(),
    decidedByName: z.string().nullable(),
  })
  .meta({ id: 'StaffDeferral' })
export type StaffDeferral = z.infer<typeof staffDeferralSchema>
/** A row of the staff lists: a PENDING one carries its review's due time (docs/service-levels.md#due-times). */
export const staffDeferralRowSchema = staffDeferralSchema.extend(openDueFieldsSchema.shape).meta({ id: 'StaffDeferralRow' })
export type StaffDeferralListItem = z.infer<typeof staffDeferralRowSchema>
export const staffDeferralPageSchema = pageSchema(staffDeferralRowSchema)

/** `GET /deferrals/{id}`: the deferral, its business and the business's other deferrals (newest first). */
export const deferralDetailSchema = staffDeferralSchema
  .extend({ history: z.array(deferralSchema) })
  .meta({ id: 'DeferralDetail' })
export type DeferralDetail = z.infer<typeof deferralDetailSchema>

/** `PUT /deferrals/deferrable-days/{days}`. */
export const deferrableDaysParamSchema = z.object({
  days: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(DEFERRAL_MAX_DAYS_LIMIT, `must be at most ${DEFERRAL_MAX_DAYS_LIMIT} days`),
})

const registrationClassSchema = z.enum(REGISTRATION_CLASSES, { message: `must be one of ${REGISTRATION_CLASSES.join(', ')}` })

/** `PUT /deferrals/deferrable-mapping`: the whole mapping, replacing the current one. */
export const deferrableMappingInputSchema = z
  .object({
    items: z
      .array(
        z.object({
          registrationClass: registrationClassSchema,
          documentTypeId: z.uuid({ message: 'must be a document type id' }),
        }),
        {
          message: 'must be a list of { registrationClass, documentTypeId }',
        },
      )
      .max(1000, 'At most 1000 rows')
      .refine((items) => new Set(items.map((i) => `${i.registrationClass}:${i.documentTypeId}`)).size === items.length, {
        message: 'must not repeat a class and document type',
      }),
  })
  .meta({ id: 'DeferrableMappingInput' })
export type DeferrableMappingInput = z.input<typeof deferrableMappingInputSchema>

export const deferrableMappingItemSchema = z.object({
  registrationClass: z.enum(REGISTRATION_CLASSES),
  documentTypeId: z.uuid(),
  documentType: z.object({ id: z.uuid(), code: z.string(), name: z.string(), isCac: z.boolean(), isActive: z.boolean() }),
})
export const deferrableMappingAnswerSchema = z
  .object({ items: z.array(deferrableMappingItemSchema) })
  .meta({ id: 'DeferrableMappingAnswer' })
export type DeferrableMappingAnswer = z.infer<typeof deferrableMappingAnswerSchema>
