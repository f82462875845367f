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

/** `GET /business-divisions`. */
export interface Division {
  id: string
  name: string
  code: string
  description: string | null
  isActive: boolean
}

/** `GET /kyc-document-types`: what the product editor offers. */
export interface DocumentType {
  id: string
  code: string
  name: string
  isActive: boolean
}

/** Filters of the public catalogue and the staff list (`GET /products`, `GET /products/admin`). */
export interface ProductQuery {
  pageNumber: number
  pageSize: number
  categoryId?: string
  divisionId?: string
  searchKey?: string
  active?: string
  live?: string
}

/** `GET /businesses/user-businesses/me`: the fields the product screens use. */
export interface MyBusiness {
  id: string
  name: string
  regNo: string
  approvalStatus: string
  blocked: boolean
  role: string
}
