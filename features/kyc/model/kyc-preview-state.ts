import type { Business } from '../api/types'
import { kycEditState } from './kyc-access'

export interface KycPreviewState {
  /** The user may not change this KYC (archived, approved without the post-approval permissions, or their role). */
  readOnly: boolean
  /** Submitted and waiting for the reviewers' decision. */
  underReview: boolean
  /** "Submit for review" is offered: editable, not approved, not already under review. */
  canSubmit: boolean
  submitLabel: 'Submit for review' | 'Submit again for review'
}

/** What the KYC preview offers for the business's state and the user's permissions in it. */
export function kycPreviewState(
  business: Pick<Business, 'approvalStatus' | 'archiveStatus' | 'kycDetailsCompleted'>,
  permissions: ReadonlySet<string>,
): KycPreviewState {
  const { readOnly } = kycEditState(business, permissions)
  const underReview = business.kycDetailsCompleted && business.approvalStatus === 'PENDING'
  return {
    readOnly,
    underReview,
    canSubmit: !readOnly && business.approvalStatus !== 'APPROVED' && !underReview,
    submitLabel: business.approvalStatus === 'DECLINED' ? 'Submit again for review' : 'Submit for review',
  }
}
