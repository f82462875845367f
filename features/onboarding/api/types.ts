export type {
  AnswersInput,
  BusinessProduct,
  CanProceed,
  OnboardingAnswer,
  OnboardingDecisionInput,
  OnboardingDetail,
  OnboardingQueueRow,
  OnboardingSummary,
} from '@/lib/contracts/onboarding'
export type { Product, ProductRequirement } from '@/lib/contracts/products'
export type { Page } from '@/lib/contracts/pagination'
export type { OnboardingStatus } from '@/lib/contracts/product-values'

/** Filters of the approvals queue (`GET /onboarding-products/approvals`). */
export interface OnboardingQuery {
  pageNumber: number
  pageSize: number
  statuses?: readonly string[]
  searchKey?: string
  /** `field,asc|desc` (docs/api.md#lists). */
  sort?: string
  /** In-review applications by due time (docs/service-levels.md#due-times). */
  due?: string
}
