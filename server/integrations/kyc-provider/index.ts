import { manualReviewProvider } from './manual-review'
import type { KycProviderAdapter } from './types'

export type { KycProviderAdapter, ProviderOutcome, VerificationSubject } from './types'
export { manualReviewProvider } from './manual-review'

/**
 * The configured provider adapter. Manual review is the only one built in; an adapter for a real provider implements
 * KycProviderAdapter and is chosen here.
 */
export function getKycProvider(): KycProviderAdapter {
  return manualReviewProvider
}
