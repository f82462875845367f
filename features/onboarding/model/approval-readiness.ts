import type { OnboardingSummary } from '../api/types'

const BUSINESS_STATE_WORDS: Record<OnboardingSummary['business']['approvalStatus'], string> = {
  PENDING: 'its own review is not finished',
  APPROVED: 'approved',
  DECLINED: 'it was declined and must resubmit its KYC',
}

/**
 * Why an application in review cannot be approved yet, in words, mirroring the server's rule (decideOnboarding in
 * server/modules/onboarding/transitions.ts): the business must be approved, not archived and not blocked. Empty when
 * it can be decided. The server has the last word; this lets the queue and the review say it before the click.
 */
export function approvalBlockers(business: OnboardingSummary['business']): string[] {
  const reasons: string[] = []
  if (business.approvalStatus !== 'APPROVED')
    reasons.push(`The business must be approved first: ${BUSINESS_STATE_WORDS[business.approvalStatus]}.`)
  if (business.archiveStatus === 'ARCHIVED') reasons.push('The business is archived: unarchive it first.')
  if (business.blocked)
    reasons.push(`The business is blocked${business.blockedReasons.length ? `: ${business.blockedReasons.join('; ')}` : ''}.`)
  return reasons
}
