/** Review vocabulary shared by the server, the API contracts and the browser. No zod and no I/O here. */

export const BUSINESS_DECISION_VALUES = ['APPROVED', 'DECLINED'] as const
export type BusinessDecisionValue = (typeof BUSINESS_DECISION_VALUES)[number]

/** A recommendation or decision comment. */
export const COMMENT_MAX_LENGTH = 2000

/** Archive and unarchive reasons. */
export const ARCHIVE_REASON_MIN_LENGTH = 3
export const ARCHIVE_REASON_MAX_LENGTH = 1000

/** The approval preconditions (docs/domain.md#approval-checklist), in the order the checklist shows them. */
export const APPROVAL_CHECK_CODES = [
  'PENDING_STATE',
  'NOT_ARCHIVED',
  'KYC_COMPLETE',
  'KYC_CAPTURE',
  'REQUIRED_DOCUMENTS',
  'CAC_DOCUMENTS',
  'VERIFICATION',
  'SCREENING',
  'ENHANCED_DUE_DILIGENCE',
] as const
export type ApprovalCheckCode = (typeof APPROVAL_CHECK_CODES)[number]
