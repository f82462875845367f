import { labelledValues } from './labelled-values'

/** Value lists of docs/risk.md the screens need at run time (no zod). */

export const { values: RISK_TIERS, labels: RISK_TIER_LABELS } = labelledValues({
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  PROHIBITED: 'Prohibited',
})
export type RiskTier = (typeof RISK_TIERS)[number]

/** A tier in force as a list, the CSV and the summary show it: null (never assessed) is "Not assessed". */
export const riskTierWords = (tier: RiskTier | null | undefined) => (tier ? RISK_TIER_LABELS[tier] : 'Not assessed')

/** The tiers a score maps to, and an override may set: PROHIBITED comes only from a true sanctions match. */
export const SCORED_RISK_TIERS = ['LOW', 'MEDIUM', 'HIGH'] as const
export type ScoredRiskTier = (typeof SCORED_RISK_TIERS)[number]

/** A product's own risk level (product configuration). */
export const PRODUCT_RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const
export type ProductRiskLevel = (typeof PRODUCT_RISK_LEVELS)[number]

export const { values: ONBOARDING_CHANNELS, labels: ONBOARDING_CHANNEL_LABELS } = labelledValues({
  SELF_SERVICE: 'Self-service (the owner registered the business)',
  STAFF_ASSISTED: 'Staff-assisted (our staff registered it for the owner)',
  PARTNER_HANDOVER: "Partner handover (imported from a partner's reference)",
})
export type OnboardingChannel = (typeof ONBOARDING_CHANNELS)[number]

export const LEGAL_FORMS = ['RC', 'BN', 'IT', 'LP', 'LLP'] as const
export type LegalForm = (typeof LEGAL_FORMS)[number]

export const JURISDICTION_LEVELS = ['HIGH_RISK', 'MONITORED'] as const
export type JurisdictionLevel = (typeof JURISDICTION_LEVELS)[number]

export const { values: RISK_FACTOR_CODES, labels: RISK_FACTOR_LABELS } = labelledValues({
  LEGAL_FORM: 'Legal form',
  SECTOR: 'Higher-risk sector',
  JURISDICTION: 'Linked to a high-risk or monitored jurisdiction',
  OWNERSHIP_LAYERS: 'Corporate ownership layers',
  FOREIGN_CORPORATE_SHAREHOLDER: 'Foreign corporate shareholder',
  CONTROL_THROUGH_SEVERAL_PATHS: 'A person holds through several paths',
  PEP_DECLARED: 'Politically exposed person (declared)',
  PEP_CONFIRMED: 'Politically exposed person (confirmed PEP-list match)',
  SCREENING_OPEN: 'Screening candidates not yet adjudicated',
  SANCTIONS_MATCH: 'True sanctions match',
  PRODUCT: 'Products applied for',
  CHANNEL: 'Onboarding channel',
  TURNOVER: 'Annual turnover',
  EMPLOYEES: 'Number of employees',
})
export type RiskFactorCode = (typeof RISK_FACTOR_CODES)[number]

export const { values: RISK_ASSESSMENT_REASONS, labels: RISK_ASSESSMENT_REASON_LABELS } = labelledValues({
  KYC_SUBMITTED: 'KYC submitted',
  KYC_CHANGED: 'KYC changed',
  SCREENING_CHANGED: 'Screening result or adjudication changed',
  PRODUCT_APPLIED: 'Applied for a product',
  MODEL_ACTIVATED: 'A new risk model version went live',
  BACKFILL: 'Recertification backfill',
  REQUESTED: 'Recomputed on request',
})
export type RiskAssessmentReason = (typeof RISK_ASSESSMENT_REASONS)[number]

export const RISK_MODEL_STATUSES = ['PROPOSED', 'ACTIVE', 'SUPERSEDED', 'WITHDRAWN'] as const
export type RiskModelStatus = (typeof RISK_MODEL_STATUSES)[number]

export const RISK_JOB_KINDS = ['RECOMPUTE', 'RECERTIFICATION_BACKFILL'] as const
export type RiskJobKind = (typeof RISK_JOB_KINDS)[number]

/** Ordering of the tiers, lowest first: a tier change "up" is a higher index. */
export const TIER_ORDER: Readonly<Record<RiskTier, number>> = { LOW: 0, MEDIUM: 1, HIGH: 2, PROHIBITED: 3 }

// ---- enhanced due diligence (docs/risk.md#enhanced-due-diligence) ------------------------------------------------

export const { values: EDD_ITEMS, labels: EDD_ITEM_LABELS } = labelledValues({
  SOURCE_OF_FUNDS: 'Source of funds',
  SOURCE_OF_WEALTH: 'Source of wealth',
  PURPOSE_OF_RELATIONSHIP: 'Purpose of the relationship',
  EXPECTED_ACTIVITY: 'Expected activity',
})
export type EddItem = (typeof EDD_ITEMS)[number]

export const { values: FUNDS_ORIGINS, labels: FUNDS_ORIGIN_LABELS } = labelledValues({
  BUSINESS_REVENUE: 'Revenue from the business’s own trading',
  SHAREHOLDER_CAPITAL: 'Capital paid in by the shareholders',
  LOANS: 'Loans or other financing',
  INVESTMENT_INCOME: 'Investment income',
  GRANTS_OR_DONATIONS: 'Grants or donations',
  OTHER: 'Something else (explain below)',
})

export const { values: WEALTH_ORIGINS, labels: WEALTH_ORIGIN_LABELS } = labelledValues({
  EMPLOYMENT: 'Salary and employment',
  BUSINESS_OWNERSHIP: 'Owning or selling a business',
  INHERITANCE: 'Inheritance or gift',
  INVESTMENTS: 'Investments and savings',
  PROPERTY: 'Property',
  OTHER: 'Something else (explain below)',
})

/** The KYC document types of the supporting documents (seeded, server/seed/kyc-document-types.ts). */
export const EDD_DOCUMENT_TYPE_CODES = {
  SOURCE_OF_FUNDS: 'EDD_SOURCE_OF_FUNDS',
  SOURCE_OF_WEALTH: 'EDD_SOURCE_OF_WEALTH',
} as const
