export type {
  Product,
  ProductCategory,
  ProductRequirement,
  CreateProductInput,
  UpdateProductInput,
  RequirementInput,
} from '@/lib/contracts/products'
export type { BusinessProduct, OnboardingSummary } from '@/lib/contracts/onboarding'
export type { OnboardingStatus } from '@/lib/contracts/product-values'
export type { Page } from '@/lib/contracts/pagination'

export type { ProductQuery } from '@/lib/query/shared-queries'
