import type { OnboardingStatus } from '@/lib/contracts/product-values'
import { ONBOARDING_STATUS_LABELS } from '@/lib/contracts/product-values'
import type { StatusView } from './view'

const VIEWS: Record<OnboardingStatus, Omit<StatusView<OnboardingStatus>, 'code' | 'label'>> = {
  PENDING: {
    tone: 'warning',
    explanation: 'Answer the requirements; your answers are saved as you go. Submit when everything required is there.',
    next: null,
  },
  IN_REVIEW: { tone: 'info', explanation: 'Submitted. Our team is reviewing your application.', next: null },
  APPROVED: {
    tone: 'success',
    explanation: 'Approved. We are setting the product up; you will be told when it is live.',
    next: null,
  },
  DECLINED: { tone: 'danger', explanation: 'Declined. Change your answers and submit again.', next: null },
  COMPLETED: { tone: 'success', explanation: 'You are live on this product.', next: null },
  REMOVED: { tone: 'neutral', explanation: 'This application was withdrawn or removed.', next: null },
}

/** A product application's status as every screen shows it; COMPLETED is "Live" (docs/domain.md#status-words). */
export function productApplicationStatus(status: OnboardingStatus): StatusView<OnboardingStatus> {
  return { code: status, label: ONBOARDING_STATUS_LABELS[status], ...VIEWS[status] }
}

/** The staff action that takes an approved application to COMPLETED: named after what the owner then sees. */
export const MARK_LIVE_LABEL = 'Mark as live'
