import { labelledValues } from './labelled-values'

/**
 * Products and onboarding: the values and rules browser code needs at runtime, without zod (lib/contracts/products.ts
 * and onboarding.ts build their schemas on these).
 */

/** Spec section 3: the two kinds of dynamic requirement field. */
export const REQUIREMENT_TYPES = ['Text Input', 'Upload Document'] as const
export type RequirementType = (typeof REQUIREMENT_TYPES)[number]

/** docs/domain.md#product-application and #status-words */
export const { values: ONBOARDING_STATUSES, labels: ONBOARDING_STATUS_LABELS } = labelledValues({
  PENDING: 'Pending',
  IN_REVIEW: 'In review',
  APPROVED: 'Approved',
  DECLINED: 'Declined',
  COMPLETED: 'Live',
  REMOVED: 'Removed',
})
export type OnboardingStatus = (typeof ONBOARDING_STATUSES)[number]

/** States in which the business may still change its answers. */
export const EDITABLE_ONBOARDING_STATUSES: readonly OnboardingStatus[] = ['PENDING', 'DECLINED']

export const PRODUCT_CODE_PATTERN = /^[A-Z0-9-]+$/
export const PRODUCT_CODE_MAX = 40

/**
 * The static words of the products and onboarding paths (docs/api.md#paths): a product code may never be one, so
 * `/products/{code}` and `/onboarding-products/{code}` can never be mistaken for them, whatever the router's case rules.
 */
export const RESERVED_PRODUCT_CODES = [
  'ADMIN',
  'CATEGORIES',
  'ME',
  'APPROVALS',
  'APPROVE',
  'BUSINESS',
  'COMPLETED',
  'DETAILS',
  'GO-LIVE',
  'CAN-PROCEED-KYC-CAPTURING',
  'REQUIREMENTS',
  'SUBMIT',
] as const

/** Why a product code is not acceptable (after trimming and upper-casing), or null when it is. */
export function productCodeProblem(code: string): string | null {
  if (code.length < 2) return 'Code must be at least 2 characters'
  if (code.length > PRODUCT_CODE_MAX) return `Code must be at most ${PRODUCT_CODE_MAX} characters`
  if (!PRODUCT_CODE_PATTERN.test(code)) return 'Code: upper-case letters, digits and dashes only'
  if ((RESERVED_PRODUCT_CODES as readonly string[]).includes(code)) return `${code} is a reserved word; choose another code`
  return null
}

export const REQUIREMENT_KEY_PATTERN = /^[a-z][a-z0-9_]{0,49}$/
export const MAX_REQUIREMENTS = 50
export const MAX_TEXT_ANSWER = 2000

/** A requirement key from its label: `CAC registration certificate` → `cac_registration_certificate`. */
export function requirementKeyFrom(label: string): string {
  const slug = label
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 40)
    .replace(/_+$/, '')
  if (!slug) return 'field'
  return /^[a-z]/.test(slug) ? slug : `f_${slug}`.slice(0, 40)
}
