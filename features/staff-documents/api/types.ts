export type {
  BulkResult,
  BulkReviewDecisionInput,
  CacReviewRow,
  ReviewDecision,
  ReviewDecisionInput,
} from '@/lib/contracts/cac-review'
export type { DeferralDetail, StaffDeferral, StaffDeferralListItem } from '@/lib/contracts/deferral-review'
export type { Deferral } from '@/lib/contracts/deferrals'
export type { DocumentType, KycDocument } from '@/lib/contracts/kyc-documents'
export type { Page } from '@/lib/contracts/pagination'
