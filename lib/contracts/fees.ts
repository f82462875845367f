import { z } from 'zod'
import { dateQuerySchema } from './date-query'
import { FEE_REPORT_FORMATS, KYC_SERVICE_TYPES } from './fee-values'
import { pageQuerySchema, pageSchema } from './pagination'

/** Largest fee: kobo are stored in a 32-bit integer column. */
export const MAX_FEE_NAIRA = 10_000_000

/** An amount in naira (the API's unit, docs/domain.md#money): at most two decimals, stored as integer kobo. */
export const nairaAmountSchema = z
  .number({ message: 'must be an amount in naira' })
  .min(0, { message: 'must be 0 or more' })
  .max(MAX_FEE_NAIRA, { message: `must be at most ${MAX_FEE_NAIRA.toLocaleString('en-NG')}` })
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { message: 'must have at most two decimals (kobo)' })

const isoDay = z.iso.date({ message: 'must be a day (YYYY-MM-DD)' })

/** `POST /fees`, `PUT /fees/{id}` and the fee editor form: one schema for both. */
export const feeInputSchema = z.object({
  divisionId: z.uuid({ message: 'choose a client' }),
  serviceDetailId: z.uuid({ message: 'choose a service' }),
  amount: nairaAmountSchema,
  effectiveFrom: isoDay.refine((d) => d >= '2000-01-01' && d <= '9998-12-31', { message: 'must be a day after 2000' }),
  active: z.boolean().default(true),
})
export type FeeInput = z.input<typeof feeInputSchema>
export type FeeValues = z.infer<typeof feeInputSchema>

export const feeClientSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
})
export type FeeClient = z.infer<typeof feeClientSchema>

export const feeClientDivisionSchema = feeClientSchema.extend({
  businessCount: z.number().int(),
  activeFeeCount: z.number().int(),
})

export const kycServiceProviderSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
})

export const kycServiceDetailSchema = z.object({
  id: z.uuid(),
  serviceType: z.enum(KYC_SERVICE_TYPES),
  name: z.string(),
  provider: kycServiceProviderSchema,
})
export type KycServiceDetail = z.infer<typeof kycServiceDetailSchema>

export const kycServiceDetailQuerySchema = z.object({
  providerId: z.uuid({ message: 'must be a UUID' }).optional(),
  serviceType: z.enum(KYC_SERVICE_TYPES).optional(),
})

export const feeSchema = z.object({
  id: z.uuid(),
  divisionId: z.uuid(),
  divisionName: z.string(),
  serviceDetailId: z.uuid(),
  serviceType: z.enum(KYC_SERVICE_TYPES),
  serviceName: z.string(),
  providerCode: z.string(),
  amount: z.number(),
  effectiveFrom: z.string(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type FeeRecord = z.infer<typeof feeSchema>

const booleanQuery = z.enum(['true', 'false'], { message: 'must be true or false' }).transform((v) => v === 'true')

export const feeSearchQuerySchema = pageQuerySchema.extend({
  divisionId: z.uuid({ message: 'must be a UUID' }).optional(),
  serviceDetailId: z.uuid({ message: 'must be a UUID' }).optional(),
  serviceType: z.enum(KYC_SERVICE_TYPES).optional(),
  active: booleanQuery.optional(),
})
export type FeeSearchQuery = z.infer<typeof feeSearchQuerySchema>
export const feePageSchema = pageSchema(feeSchema)

const reportDay = dateQuerySchema()

/** The fee report's filters (query of the aggregates and download, body of `POST /fees/reports`). */
export const feeReportFilterSchema = z.object({
  from: reportDay.optional(),
  to: reportDay.optional(),
  divisionId: z.uuid({ message: 'must be a UUID' }).optional(),
  serviceType: z.enum(KYC_SERVICE_TYPES).optional(),
})
export type FeeReportFilter = z.infer<typeof feeReportFilterSchema>

export const feeReportRequestSchema = feeReportFilterSchema.extend({
  pageNumber: z.number().int().min(1, { message: 'must be 1 or more (pages start at 1)' }).default(1),
  pageSize: z.number().int().min(1).max(100, { message: 'must be between 1 and 100' }).default(20),
})
export type FeeReportRequest = z.input<typeof feeReportRequestSchema>

export const feeReportDownloadQuerySchema = feeReportFilterSchema.extend({
  format: z.enum(FEE_REPORT_FORMATS, { message: 'must be xlsx' }).default('xlsx'),
})

export const feeChargeSchema = z.object({
  id: z.uuid(),
  chargedAt: z.string(),
  businessId: z.uuid().nullable(),
  businessName: z.string(),
  divisionId: z.uuid().nullable(),
  divisionName: z.string().nullable(),
  serviceType: z.enum(KYC_SERVICE_TYPES),
  serviceName: z.string(),
  providerCode: z.string(),
  amount: z.number(),
  noFee: z.boolean(),
})
export type FeeCharge = z.infer<typeof feeChargeSchema>
export const feeChargePageSchema = pageSchema(feeChargeSchema)

export const feeClientTotalSchema = z.object({
  divisionId: z.uuid().nullable(),
  divisionName: z.string().nullable(),
  charges: z.number().int(),
  unpriced: z.number().int(),
  amount: z.number(),
})
export const feeServiceTotalSchema = z.object({
  serviceType: z.enum(KYC_SERVICE_TYPES),
  providerCode: z.string(),
  serviceName: z.string(),
  charges: z.number().int(),
  unpriced: z.number().int(),
  amount: z.number(),
})
export const feeClientAggregatesSchema = z.object({
  rows: z.array(feeClientTotalSchema),
  total: z.object({ charges: z.number().int(), amount: z.number() }),
})
export const feeServiceAggregatesSchema = z.object({
  rows: z.array(feeServiceTotalSchema),
  total: z.object({ charges: z.number().int(), amount: z.number() }),
})
export type FeeClientAggregates = z.infer<typeof feeClientAggregatesSchema>
export type FeeServiceAggregates = z.infer<typeof feeServiceAggregatesSchema>
