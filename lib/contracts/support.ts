import { z } from 'zod'
import { fileSummarySchema } from './files'
import { pageQuerySchema, pageSchema, sortQuery } from './pagination'
import { dueQuery, openDueFieldsSchema } from './service-levels'
import { SUPPORT_INQUIRY_STATUSES, SUPPORT_LIMITS } from './support-values'

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .max(max, { message: `${label} must be at most ${max} characters` })

/**
 * The fields of `POST /support/inquiries` (multipart/form-data; the optional file travels as `attachment`). The
 * contact-us form validates with the same schema.
 */
export const supportInquiryInputSchema = z.object({
  name: required('Name', SUPPORT_LIMITS.name),
  email: z
    .string({ message: 'E-mail is required' })
    .trim()
    .min(1, { message: 'E-mail is required' })
    .max(SUPPORT_LIMITS.email, { message: `E-mail must be at most ${SUPPORT_LIMITS.email} characters` })
    .pipe(z.email({ message: 'E-mail must be an e-mail address' }))
    .transform((v) => v.toLowerCase()),
  subject: required('Subject', SUPPORT_LIMITS.subject),
  message: required('Message', SUPPORT_LIMITS.message),
})

export type SupportInquiryInput = z.input<typeof supportInquiryInputSchema>

/** What the sender is told: the reference quoted in the acknowledgement mail. */
export const supportInquiryReceiptSchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SupportInquiryReceipt' })

export type SupportInquiryReceipt = z.infer<typeof supportInquiryReceiptSchema>

export const supportInquirySchema = z
  .object({
    id: z.uuid(),
    reference: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    status: z.enum(SUPPORT_INQUIRY_STATUSES),
    userId: z.uuid().nullable(),
    attachment: fileSummarySchema.nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SupportInquiry' })

export type SupportInquiry = z.infer<typeof supportInquirySchema>

export const supportInquiryQuerySchema = pageQuerySchema.extend({
  /** `createdAt` or `dueAt` (OPEN ones by due time), with `,asc` or `,desc`; newest first by default. */
  sort: sortQuery(['createdAt', 'dueAt']),
  status: z.enum(SUPPORT_INQUIRY_STATUSES, { message: `must be one of ${SUPPORT_INQUIRY_STATUSES.join(', ')}` }).optional(),
  /** OPEN ones by due time (docs/service-levels.md#due-times). */
  due: dueQuery,
})
export type SupportInquiryQuery = z.input<typeof supportInquiryQuerySchema>

/** A row of `GET /support/inquiries`: an OPEN one carries its due time (docs/service-levels.md#due-times). */
export const supportInquiryRowSchema = supportInquirySchema.extend(openDueFieldsSchema.shape).meta({ id: 'SupportInquiryRow' })
export type SupportInquiryRow = z.infer<typeof supportInquiryRowSchema>

export const supportInquiryPageSchema = pageSchema(supportInquiryRowSchema).meta({ id: 'SupportInquiryPage' })
