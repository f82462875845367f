/** KYC verification vocabulary shared by the server, the API contract and the browser. No zod and no I/O here. */

/** docs/domain.md#verification-of-kyc-details: PENDING → VERIFIED or FAILED. */
export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'FAILED'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** The manual results staff may record (`PUT /verified-kyc/{id}`, `PUT /kyc/addresses/{id}/verification`). */
export const VERIFICATION_RESULTS = ['VERIFIED', 'FAILED'] as const
export type VerificationResult = (typeof VERIFICATION_RESULTS)[number]

/**
 * What is verified, one item each:
 * - COMPANY: the business against the company registry (CAC lookup of class, number and name);
 * - MEANS_OF_ID: each means of ID (type and number);
 * - BVN: each individual shareholder's BVN;
 * - REGISTRY_DIFFERENCE: a difference between the declared directors or shareholders and the registry's extract
 *   (docs/ownership.md#registry-check), resolved by a waiver with a reason or by the owner's correction.
 */
export const VERIFICATION_KINDS = ['COMPANY', 'MEANS_OF_ID', 'BVN', 'REGISTRY_DIFFERENCE'] as const
export type VerificationKind = (typeof VERIFICATION_KINDS)[number]

export const VERIFICATION_KIND_LABELS: Readonly<Record<VerificationKind, string>> = {
  COMPANY: 'Company registry (CAC) lookup',
  MEANS_OF_ID: 'Means of ID',
  BVN: 'Shareholder BVN',
  REGISTRY_DIFFERENCE: 'Difference with the company registry',
}

/** Provider adapters (server/integrations/kyc-provider). The built-in one is manual review; DOJAH is Dojah's HTTP API. */
export const KYC_PROVIDERS = ['MANUAL', 'DOJAH'] as const
export type KycProviderName = (typeof KYC_PROVIDERS)[number]

/** The shortest reason for waiving a verification check. */
export const WAIVER_REASON_MIN = 10
