import { queryOptions } from '@tanstack/react-query'
import { apiClient, getHttpStatus } from '@/lib/http'
import type {
  AdditionalDocument,
  Business,
  DraftForm,
  KycAddress,
  KycDetails,
  KycDetailType,
  MeansOfIdRecord,
  MeansOfIdType,
  PdfInfo,
  ShareholderRecord,
} from './types'

const segment = (value: string) => encodeURIComponent(value)

/** A 404 that only means "nothing yet" (no KYC record, no draft): answered as null, without an error toast. */
async function orNull<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load()
  } catch (error) {
    if (getHttpStatus(error) === 404) return null
    throw error
  }
}

/**
 * The KYC feature's query keys, from generic to specific: `['kyc']` → `['kyc', 'business', businessId, ...]` for
 * what hangs off a business, `['kyc', 'record', kycDetailsId, ...]` for what hangs off its KYC record.
 */
export const kycQueries = {
  all: () => ['kyc'] as const,
  ofBusiness: (businessId: string) => [...kycQueries.all(), 'business', businessId] as const,
  ofRecord: (kycDetailsId: string) => [...kycQueries.all(), 'record', kycDetailsId] as const,

  business: (businessId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofBusiness(businessId), 'summary'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Business>(`/businesses/${segment(businessId)}`, { signal })).data,
    }),
  /** The business's KYC record, or null before the company details are first saved. */
  details: (businessId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofBusiness(businessId), 'details'] as const,
      queryFn: ({ signal }) =>
        orNull(
          async () =>
            (await apiClient.get<KycDetails>(`/kyc/details-first-entity/${segment(businessId)}`, { signal, silent: true })).data,
        ),
    }),
  draft: (businessId: string, type: KycDetailType) =>
    queryOptions({
      queryKey: [...kycQueries.ofBusiness(businessId), 'draft', type] as const,
      queryFn: ({ signal }) =>
        orNull(
          async () =>
            (await apiClient.get<DraftForm>(`/draft-forms/${segment(businessId)}/${type}`, { signal, silent: true })).data,
        ),
      staleTime: Infinity,
    }),
  pdfInfo: (businessId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofBusiness(businessId), 'pdf-info'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<PdfInfo>(`/businesses/pdf-info/${segment(businessId)}`, { signal })).data,
      staleTime: 0,
    }),

  addresses: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofRecord(kycDetailsId), 'addresses'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<KycAddress[]>(`/kyc/addresses/all-kyc/${segment(kycDetailsId)}`, { signal })).data,
    }),
  meansOfIds: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofRecord(kycDetailsId), 'means-of-ids'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<MeansOfIdRecord[]>(`/kyc/means-of-ids/${segment(kycDetailsId)}`, { signal })).data,
    }),
  shareholders: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofRecord(kycDetailsId), 'shareholders'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ShareholderRecord[]>('/kyc/shareholders', { params: { kycDetailsId }, signal })).data,
    }),
  additionalDocuments: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofRecord(kycDetailsId), 'additional-documents'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<AdditionalDocument[]>(`/kyc/company/additional-doc/${segment(kycDetailsId)}`, { signal })).data,
    }),
  idTypes: () =>
    queryOptions({
      queryKey: [...kycQueries.all(), 'means-of-id-types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<MeansOfIdType[]>('/kyc/means-of-ids/types', { signal })).data,
      staleTime: Infinity,
    }),
}
