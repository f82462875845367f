export type { Business, BusinessDecision } from '@/lib/contracts/businesses'
export type { KycAddress, KycDetails, MeansOfIdRecord, ShareholderRecord } from '@/lib/contracts/kyc'
export type { ChecklistItem, DocumentChecklist, KycDocument } from '@/lib/contracts/kyc-documents'
export type { Page } from '@/lib/contracts/pagination'
export type {
  ApprovalCheck,
  BusinessComment,
  BusinessCommentAdded,
  BusinessDecisionInput,
  ForApprovalRow,
  Mentionable,
  Reviewer,
} from '@/lib/contracts/reviews'

export interface ReferenceItem {
  id: string
  name: string
}
