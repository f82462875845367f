import { queryOptions } from '@tanstack/react-query'
import { apiClient, getHttpStatus } from '@/lib/http'
import { kycReads } from '@/lib/query/shared-queries'
import type { AdditionalDocument, DraftForm, KycDetailType, MeansOfIdType, PdfInfo } from './types'

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
 * The KYC feature's own query keys, from generic to specific: `['kyc']` → `['kyc', 'business', businessId, ...]` for
 * what hangs off a business, `['kyc', 'record', kycDetailsId, ...]` for what hangs off its KYC record. The KYC record,
 * its addresses, means of ID and shareholders, and the business itself, are shared reads (`kycReads`,
 * `businessReads` in lib/query/shared-queries.ts) under the same prefixes.
 */
export const kycQueries = {
  all: kycReads.all,
  ofBusiness: kycReads.ofBusiness,
  records: kycReads.records,
  ofRecord: kycReads.ofRecord,

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
