import type { BusinessStatusInput, KycProgressHint } from './business-status'
import type { StatusView } from './view'

export type KycStatusCode = 'NOT_STARTED' | 'NOT_SUBMITTED' | 'SUBMITTED' | 'RETURNED' | 'APPROVED'

/**
 * The KYC's capture and submission as every screen words it: "not started", "not submitted", "submitted",
 * "returned" (declined, open again), "approved". One word set: submitted, never "completed" or "complete".
 */
export function kycStatus(
  business: Pick<BusinessStatusInput, 'approvalStatus' | 'kycDetailsCompleted'>,
  hint: KycProgressHint = {},
): StatusView<KycStatusCode> {
  if (business.approvalStatus === 'APPROVED')
    return {
      code: 'APPROVED',
      label: 'KYC approved',
      tone: 'success',
      explanation: 'Your KYC is approved. Changes to it are made by our staff: contact support to request one.',
      next: { label: 'View your KYC', target: 'KYC_PREVIEW' },
    }
  if (business.approvalStatus === 'DECLINED')
    return {
      code: 'RETURNED',
      label: 'KYC returned for changes',
      tone: 'danger',
      explanation: 'The reviewers declined the KYC. Correct what they asked about, then submit it again from the preview.',
      next: { label: 'Correct the KYC', target: 'KYC' },
    }
  if (business.kycDetailsCompleted)
    return {
      code: 'SUBMITTED',
      label: 'KYC submitted',
      tone: 'info',
      explanation: 'Your KYC is submitted and waits for our compliance team. You can still correct it until they decide.',
      next: { label: 'View your KYC', target: 'KYC_PREVIEW' },
    }
  if (hint.kycStarted === false)
    return {
      code: 'NOT_STARTED',
      label: 'KYC not started',
      tone: 'neutral',
      explanation: 'Start with the company details; each step is saved as you go.',
      next: { label: 'Start the KYC', target: 'KYC' },
    }
  return {
    code: 'NOT_SUBMITTED',
    label: 'KYC not submitted',
    tone: 'warning',
    explanation: 'Finish each step, then submit the KYC from the preview.',
    next: { label: 'Continue the KYC', target: 'KYC' },
  }
}

export type KycStepStatusCode = 'DONE' | 'TO_DO'

/** One KYC step as the stepper and the dashboard's progress show it: done, or how much is left. */
export function kycStepStatus(step: { complete: boolean; gaps: number }): StatusView<KycStepStatusCode> & {
  /** "2 things to do", for where there is room; null when done. */
  detail: string | null
} {
  if (step.complete) return { code: 'DONE', label: 'Done', tone: 'success', explanation: '', next: null, detail: null }
  return {
    code: 'TO_DO',
    label: 'To do',
    tone: 'warning',
    explanation: '',
    next: null,
    detail: step.gaps > 0 ? `${step.gaps} ${step.gaps === 1 ? 'thing' : 'things'} to do` : null,
  }
}
