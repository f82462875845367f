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

/** What the completion call and the PDF need besides the KYC records (`GET /businesses/pdf-info/{id}`). */
export interface PdfInfo {
  business: import('@/lib/contracts/businesses').Business
  typeName: string | null
  categoryName: string | null
  owners: { firstName: string; lastName: string; email: string; phone: string | null }[]
  kyc: {
    details: import('@/lib/contracts/kyc').KycDetails | null
    addresses: import('@/lib/contracts/kyc').KycAddress[]
    meansOfIds: import('@/lib/contracts/kyc').MeansOfIdRecord[]
    shareholders: import('@/lib/contracts/kyc').ShareholderRecord[]
    gaps: { code: string; message: string; field?: string }[]
  }
  generatedAt: string
}
