/** Fee vocabulary shared by the server, the API contract and the browser (docs/domain.md#fees-and-charges). */

/** The KYC services a provider call can be priced as. */
export const KYC_SERVICE_TYPES = ['CAC_LOOKUP', 'BVN', 'NIN', 'ID_DOCUMENT', 'ADDRESS_VERIFICATION'] as const
export type KycServiceType = (typeof KYC_SERVICE_TYPES)[number]

export const KYC_SERVICE_LABELS: Readonly<Record<KycServiceType, string>> = {
  CAC_LOOKUP: 'CAC lookup',
  BVN: 'BVN verification',
  NIN: 'NIN verification',
  ID_DOCUMENT: 'ID document check',
  ADDRESS_VERIFICATION: 'Address verification',
}

/** Fee reports download formats. */
export const FEE_REPORT_FORMATS = ['xlsx'] as const
