import { z } from 'zod'
import { REASON_MAX_LENGTH, REASON_MIN_LENGTH } from './authorization-values'
import { pageQuerySchema, pageSchema } from './pagination'
import {
  JURISDICTION_LEVELS,
  LEGAL_FORMS,
  ONBOARDING_CHANNELS,
  PRODUCT_RISK_LEVELS,
  RISK_ASSESSMENT_REASONS,
  RISK_FACTOR_CODES,
  RISK_JOB_KINDS,
  RISK_MODEL_STATUSES,
  RISK_TIERS,
  SCORED_RISK_TIERS,
} from './risk-values'

/** docs/risk.md: the risk model as data, its assessments, overrides and versions. */

const reason = z
  .string({ message: 'Give a reason' })
  .trim()
  .min(REASON_MIN_LENGTH, `A reason has at least ${REASON_MIN_LENGTH} characters`)
  .max(REASON_MAX_LENGTH, `A reason has at most ${REASON_MAX_LENGTH} characters`)

const points = z
  .number({ message: 'Points must be a number' })
  .int('Points must be a whole number')
  .min(0, 'Points cannot be negative')
  .max(1000, 'Points can be at most 1000')

/** What a compliance officer reads beside the points: why this raises the risk. */
const words = z
  .string({ message: 'Explain the factor in words' })
  .trim()
  .min(3, 'Explain the factor in at least 3 characters')
  .max(500, 'At most 500 characters')

/** One scored rule: its points and its words. */
export const riskRuleSchema = z.object({ points, words })
export type RiskRule = z.infer<typeof riskRuleSchema>

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day (YYYY-MM-DD)')
const countryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code (NG, IR)')
  .transform((v) => v.toUpperCase())

const recertificationYears = z
  .number({ message: 'Years must be a number' })
  .int('Years must be a whole number')
  .min(1, 'At least 1 year')
  .max(10, 'At most 10 years')

export const riskModelSchema = z
  .object({
    /** Score at or above which a business is MEDIUM, then HIGH. */
    thresholds: z.object({ medium: points, high: points }),
    /** Years from approval to the next recertification, by tier. */
    recertificationYears: z.object({ LOW: recertificationYears, MEDIUM: recertificationYears, HIGH: recertificationYears }),
    legalForm: z.object(
      Object.fromEntries(LEGAL_FORMS.map((f) => [f, riskRuleSchema])) as Record<
        (typeof LEGAL_FORMS)[number],
        typeof riskRuleSchema
      >,
    ),
    /** Higher-risk sectors: business categories by name (staff-editable with each version). */
    sectors: z
      .array(riskRuleSchema.extend({ category: z.string().trim().min(1, 'Name the business category').max(200) }))
      .max(200, 'At most 200 sectors'),
    jurisdictions: z.object({
      /** When the list was last brought up to date (e.g. after a FATF plenary). */
      updatedOn: isoDay,
      highRisk: riskRuleSchema,
      monitored: riskRuleSchema,
      countries: z
        .array(z.object({ code: countryCode, level: z.enum(JURISDICTION_LEVELS, { message: 'must be HIGH_RISK or MONITORED' }) }))
        .max(300, 'At most 300 countries'),
    }),
    ownership: z.object({
      /** Points for each corporate layer between the business and its first individual owner, beyond the first. */
      perExtraLayer: riskRuleSchema,
      foreignCorporate: riskRuleSchema,
      severalPaths: riskRuleSchema,
    }),
    pep: z.object({ declared: riskRuleSchema, confirmed: riskRuleSchema }),
    screening: z.object({ openCandidates: riskRuleSchema }),
    /** Points for the riskiest product the business applied for, by the product's risk level. */
    products: z.object(
      Object.fromEntries(PRODUCT_RISK_LEVELS.map((l) => [l, riskRuleSchema])) as Record<
        (typeof PRODUCT_RISK_LEVELS)[number],
        typeof riskRuleSchema
      >,
    ),
    channel: z.object(
      Object.fromEntries(ONBOARDING_CHANNELS.map((c) => [c, riskRuleSchema])) as Record<
        (typeof ONBOARDING_CHANNELS)[number],
        typeof riskRuleSchema
      >,
    ),
    /** Bands of annual turnover in naira: the highest band reached counts. */
    turnover: z
      .array(riskRuleSchema.extend({ atLeastNaira: z.number().int().min(0, 'cannot be negative') }))
      .max(20, 'At most 20 bands'),
    /** Bands of employees: the smallest band the business fits counts (few staff for the turnover is a flag). */
    employees: z
      .array(riskRuleSchema.extend({ atMost: z.number().int().min(0, 'cannot be negative') }))
      .max(20, 'At most 20 bands'),
  })
  .superRefine((model, ctx) => {
    if (model.thresholds.high <= model.thresholds.medium) {
      ctx.addIssue({ code: 'custom', message: 'must be more than the MEDIUM threshold', path: ['thresholds', 'high'] })
    }
    const seen = new Set<string>()
    model.sectors.forEach((s, i) => {
      const key = s.category.toLowerCase()
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: 'is listed twice', path: ['sectors', i, 'category'] })
      seen.add(key)
    })
    const codes = new Set<string>()
    model.jurisdictions.countries.forEach((c, i) => {
      if (codes.has(c.code))
        ctx.addIssue({ code: 'custom', message: 'is listed twice', path: ['jurisdictions', 'countries', i, 'code'] })
      codes.add(c.code)
    })
  })
  .meta({ id: 'RiskModel' })
export type RiskModel = z.infer<typeof riskModelSchema>

export const riskFactorSchema = z.object({
  code: z.enum(RISK_FACTOR_CODES),
  label: z.string(),
  points: z.number().int(),
  /** What in the business's data made it count, in words. */
  detail: z.string(),
  /** Where the data comes from (table and field, or module). */
  source: z.string(),
})
export type RiskFactor = z.infer<typeof riskFactorSchema>

export const riskOverrideSchema = z.object({
  id: z.uuid(),
  tier: z.enum(SCORED_RISK_TIERS),
  reason: z.string(),
  /** The computed tier when the override was approved. */
  computedTier: z.enum(RISK_TIERS),
  /** The computed tier has changed since: the override is to be examined again. */
  reviewNeeded: z.boolean(),
  proposedBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
})

export const businessRiskSchema = z
  .object({
    /** The tier in force: the override's when there is one (never over PROHIBITED), else the computed one. */
    tier: z.enum(RISK_TIERS),
    computedTier: z.enum(RISK_TIERS),
    score: z.number().int(),
    modelVersion: z.number().int(),
    factors: z.array(riskFactorSchema),
    override: riskOverrideSchema.optional(),
    assessedAt: z.iso.datetime(),
    reason: z.enum(RISK_ASSESSMENT_REASONS),
    /** A HIGH business's first approval, waiting for a senior approval. */
    firstApproval: z.object({ approvedBy: z.string(), approvedAt: z.iso.datetime() }).optional(),
  })
  .meta({ id: 'BusinessRisk' })
export type BusinessRisk = z.infer<typeof businessRiskSchema>

export const riskAssessmentSchema = z.object({
  id: z.uuid(),
  tier: z.enum(RISK_TIERS),
  score: z.number().int(),
  modelVersion: z.number().int(),
  factors: z.array(riskFactorSchema),
  reason: z.enum(RISK_ASSESSMENT_REASONS),
  assessedAt: z.iso.datetime(),
})
export type RiskAssessment = z.infer<typeof riskAssessmentSchema>
export const riskHistoryPageSchema = pageSchema(riskAssessmentSchema)

export const riskModelVersionSchema = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    status: z.enum(RISK_MODEL_STATUSES),
    model: riskModelSchema,
    reason: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    activatedAt: z.iso.datetime().nullable(),
    activatedBy: z.string().nullable(),
  })
  .meta({ id: 'RiskModelVersion' })
export type RiskModelVersion = z.infer<typeof riskModelVersionSchema>
export const riskModelPageSchema = pageSchema(riskModelVersionSchema.omit({ model: true }))
export type RiskModelVersionSummary = Omit<RiskModelVersion, 'model'>

export const riskModelProposalSchema = z.object({ model: riskModelSchema, reason })

export const riskDryRunQuerySchema = z.object({
  /** The last business id of the previous page (keyset): the next page starts after it. */
  after: z.uuid({ message: 'must be a business id (UUID)' }).optional(),
  pageSize: z.coerce.number().int().min(1, 'must be between 1 and 500').max(500, 'must be between 1 and 500').default(100),
  /** Only the businesses whose tier would change. */
  changedOnly: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
})
export const riskDryRunSchema = z.object({
  modelVersion: z.number().int(),
  activeVersion: z.number().int(),
  content: z.array(
    z.object({
      businessId: z.uuid(),
      businessName: z.string(),
      fromTier: z.enum(RISK_TIERS).nullable(),
      toTier: z.enum(RISK_TIERS),
      fromScore: z.number().int().nullable(),
      toScore: z.number().int(),
    }),
  ),
  /** Pass as `after` for the next page; null after the last business. */
  next: z.uuid().nullable(),
})
export type RiskDryRun = z.infer<typeof riskDryRunSchema>
export type RiskDryRunRow = RiskDryRun['content'][number]

export const riskOverrideInputSchema = z.object({
  tier: z.enum(SCORED_RISK_TIERS, { message: 'must be LOW, MEDIUM or HIGH' }),
  reason,
})

export const riskActivationInputSchema = z.object({ reason })

export const riskJobSchema = z.object({
  id: z.uuid(),
  kind: z.enum(RISK_JOB_KINDS),
  /** The version a recomputation runs for. */
  modelVersion: z.number().int().nullable(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE']),
  /** Businesses done so far, and how many of them changed. */
  done: z.number().int(),
  changed: z.number().int(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
})
export const riskJobPageSchema = pageSchema(riskJobSchema)
export const riskJobsQuerySchema = pageQuerySchema

export const riskHistoryQuerySchema = pageQuerySchema
export const riskModelsQuerySchema = pageQuerySchema
