import { z } from 'zod'
import { APPROVAL_STATUS_VALUES, ARCHIVE_STATUS_VALUES, businessListQuerySchema } from './businesses'
import { dateQuerySchema } from './date-query'
import { pageSchema } from './pagination'
import { RISK_TIERS } from './risk-values'

/** `GET /reports/businesses`: the business list's filters (spec section 3), a row per business with names, not ids. */
export const businessReportQuerySchema = businessListQuerySchema.omit({ sort: true })
export type BusinessReportQuery = z.output<typeof businessReportQuerySchema>

/** `GET /reports/businesses/download`: the same filters, every matching row, as CSV. */
export const businessReportDownloadQuerySchema = businessListQuerySchema
  .omit({ pageNumber: true, pageSize: true, sort: true })
  .extend({
    format: z.enum(['csv'], { message: 'must be csv' }).default('csv'),
  })
export type BusinessReportDownloadQuery = z.output<typeof businessReportDownloadQuerySchema>

export const businessReportRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  regNo: z.string(),
  registrationClass: z.string(),
  type: z.string(),
  category: z.string(),
  email: z.string(),
  phone: z.string(),
  state: z.string(),
  approvalStatus: z.enum(APPROVAL_STATUS_VALUES),
  kycDetailsCompleted: z.boolean(),
  archiveStatus: z.enum(ARCHIVE_STATUS_VALUES),
  blocked: z.boolean(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  recertificationDate: z.string().nullable(),
  /** The tier in force, null before the first assessment (docs/risk.md#the-tier-in-the-lists). */
  riskTier: z.enum(RISK_TIERS).nullable(),
})
export type BusinessReportRow = z.infer<typeof businessReportRowSchema>
export const businessReportPageSchema = pageSchema(businessReportRowSchema)

const dateQuery = dateQuerySchema()

/**
 * `GET /reports/businesses/summary`: counts over the businesses created in [from, to] (the last 12 months by default)
 * matching the business list's other filters.
 */
export const businessSummaryQuerySchema = businessListQuerySchema
  .omit({ pageNumber: true, pageSize: true, recentFirst: true, sort: true })
  .extend({ from: dateQuery.optional(), to: dateQuery.optional() })
export type BusinessSummaryQuery = z.output<typeof businessSummaryQuerySchema>

const countSchema = z.object({ key: z.string(), label: z.string(), count: z.number().int() })
export const businessSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  byStatus: z.array(countSchema),
  byType: z.array(countSchema),
  byCategory: z.array(countSchema),
  /** States with businesses (the state of the business's address), most first. */
  byState: z.array(countSchema),
  /** Products the businesses applied for (a business counts once per product; removed applications left out). */
  byProduct: z.array(countSchema),
  /** By risk tier in force: LOW, MEDIUM, HIGH, PROHIBITED, then NOT_ASSESSED (never assessed), each present. */
  byRiskTier: z.array(countSchema),
  /** One entry per month of the range (`YYYY-MM`), months without businesses included: registered and approved. */
  byMonth: z.array(z.object({ month: z.string(), registered: z.number().int(), approved: z.number().int() })),
})
export type BusinessSummary = z.infer<typeof businessSummarySchema>
export type BusinessSummaryCount = z.infer<typeof countSchema>
