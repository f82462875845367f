import type { Business } from '@/lib/contracts/businesses'
import type { StatusView } from './view'

/**
 * Where a business stands in its life. PENDING is split by what the owner and the reviewers see: KYC being captured
 * (NEW before the company details are saved), SUBMITTED, UNDER_REVIEW once a reviewer is assigned, RESUBMITTED after
 * a decline. BLOCKED and ARCHIVED win over the rest (docs/domain.md#blocked).
 */
export const BUSINESS_PHASES = [
  'NEW',
  'IN_CAPTURE',
  'SUBMITTED',
  'UNDER_REVIEW',
  'RESUBMITTED',
  'APPROVED',
  'DECLINED',
  'BLOCKED',
  'ARCHIVED',
] as const
export type BusinessPhase = (typeof BUSINESS_PHASES)[number]

export type BusinessStatusInput = Pick<
  Business,
  'approvalStatus' | 'kycDetailsCompleted' | 'archiveStatus' | 'blocked' | 'blockedReasons'
> &
  Partial<Pick<Business, 'assigneeId' | 'decision'>>

export interface KycProgressHint {
  /** False before the company details are first saved (no KYC record); unknown when not given. */
  kycStarted?: boolean
}

export function businessPhase(business: BusinessStatusInput, hint: KycProgressHint = {}): BusinessPhase {
  if (business.archiveStatus === 'ARCHIVED') return 'ARCHIVED'
  if (business.blocked) return 'BLOCKED'
  if (business.approvalStatus === 'APPROVED') return 'APPROVED'
  if (business.approvalStatus === 'DECLINED') return 'DECLINED'
  if (!business.kycDetailsCompleted) return hint.kycStarted === false ? 'NEW' : 'IN_CAPTURE'
  if (business.decision?.decision === 'DECLINED') return 'RESUBMITTED'
  return business.assigneeId ? 'UNDER_REVIEW' : 'SUBMITTED'
}

type Presentation = Omit<StatusView<BusinessPhase>, 'code' | 'explanation'> & {
  explanation: string | ((business: BusinessStatusInput) => string)
}

const REVIEW_NEXT = 'we e-mail you the decision.'

const PRESENTATIONS: Record<BusinessPhase, Presentation> = {
  ARCHIVED: {
    label: 'Archived',
    tone: 'neutral',
    explanation: 'This business is archived: its KYC cannot change and it cannot apply for products.',
    next: null,
  },
  BLOCKED: {
    label: 'Blocked',
    tone: 'danger',
    explanation: ({ blockedReasons }) =>
      `This business is blocked and cannot apply for new products${blockedReasons.length ? `: ${blockedReasons.join('; ')}` : ''}.`,
    next: { label: 'See what to do', target: 'DASHBOARD' },
  },
  APPROVED: {
    label: 'Approved',
    tone: 'success',
    explanation: 'Approved. Changes to its KYC are now made by our staff.',
    next: { label: 'Apply for a product', target: 'PRODUCTS' },
  },
  DECLINED: {
    label: 'Declined',
    tone: 'danger',
    explanation: ({ decision }) =>
      `Declined${decision?.decision === 'DECLINED' && decision.comment ? `: “${decision.comment}”` : ''}. Correct what the reviewers asked about, then submit the KYC again.`,
    next: { label: 'Correct the KYC', target: 'KYC' },
  },
  NEW: {
    label: 'Not submitted',
    tone: 'warning',
    explanation: 'Fill in the KYC and submit it; our compliance team reviews it then.',
    next: { label: 'Start the KYC', target: 'KYC' },
  },
  IN_CAPTURE: {
    label: 'Not submitted',
    tone: 'warning',
    explanation: 'Finish the KYC and submit it from the preview; our compliance team reviews it then.',
    next: { label: 'Continue the KYC', target: 'KYC' },
  },
  SUBMITTED: {
    label: 'Awaiting review',
    tone: 'info',
    explanation: `Submitted. It waits for a reviewer; ${REVIEW_NEXT}`,
    next: null,
  },
  UNDER_REVIEW: {
    label: 'Under review',
    tone: 'info',
    explanation: `A reviewer is looking at your KYC; ${REVIEW_NEXT}`,
    next: null,
  },
  RESUBMITTED: {
    label: 'Resubmitted',
    tone: 'info',
    explanation: `Submitted again after the decline. It waits for a reviewer; ${REVIEW_NEXT}`,
    next: null,
  },
}

/** The business's approval status as every screen shows it (dashboard, KYC page, product page, staff review). */
export function businessStatus(business: BusinessStatusInput, hint: KycProgressHint = {}): StatusView<BusinessPhase> {
  const code = businessPhase(business, hint)
  const { explanation, ...shown } = PRESENTATIONS[code]
  return { code, ...shown, explanation: typeof explanation === 'function' ? explanation(business) : explanation }
}
