export type { ArchivedBusiness } from '@/lib/contracts/archive'
export type { BusinessReportRow, BusinessSummary, BusinessSummaryCount } from '@/lib/contracts/business-reports'
export type { Business } from '@/lib/contracts/businesses'
export type { Page } from '@/lib/contracts/pagination'

export interface ReferenceItem {
  id: string
  name: string
}

/** A product as the public list gives it (only what the product filter needs). */
export interface ProductOption {
  id: string
  name: string
  code: string
}
