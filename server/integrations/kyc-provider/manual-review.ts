import type { KycProviderAdapter } from './types'

/**
 * The built-in provider: manual review. It calls nobody and never decides; staff holding CAN_UPDATE_KYC_STATUS record
 * each result with a comment (`PUT /verified-kyc/{id}`), so a re-verification run leaves every item PENDING. No call,
 * no charge.
 */
export const manualReviewProvider: KycProviderAdapter = {
  name: 'MANUAL',
  billable: false,
  check: async () => ({ status: 'PENDING' }),
}
