export type {
  AdditionalDocument,
  CompanyDetailsFormValues,
  DraftForm,
  KycAddress,
  KycAddressFormValues,
  KycDetails,
  KycDetailType,
  MeansOfIdFormValues,
  MeansOfIdRecord,
  MeansOfIdType,
  ShareholderFormValues,
  ShareholderRecord,
} from '@/lib/contracts/kyc'
export type { Business } from '@/lib/contracts/businesses'
export type { ApiError } from '@/lib/contracts/errors'

export type { PdfInfo } from '@/lib/kyc/kyc-pdf'
