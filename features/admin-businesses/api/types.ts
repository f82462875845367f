export type { ArchivedBusiness } from '@/lib/contracts/archive'
export type { BusinessReportRow, BusinessSummary, BusinessSummaryCount } from '@/lib/contracts/business-reports'
/** A row of the staff lists: the business with its risk tier in force. */
export type { StaffBusiness as Business } from '@/lib/contracts/businesses'
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
