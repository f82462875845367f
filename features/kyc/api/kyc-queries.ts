import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { kycReads } from '@/lib/query/shared-queries'
import type { AdditionalDocument, DraftForm, KycDetailType, MeansOfIdType, PdfInfo } from './types'

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
      // null when the step has no draft (a 200, not a 404: nothing for the browser to log).
      queryFn: async ({ signal }) =>
        (await apiClient.get<DraftForm | null>(apiPath`/draft-forms/${businessId}/${type}`, { signal, silent: true })).data,
      staleTime: Infinity,
    }),
  pdfInfo: (businessId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofBusiness(businessId), 'pdf-info'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<PdfInfo>(apiPath`/businesses/pdf-info/${businessId}`, { signal })).data,
      staleTime: 0,
    }),

  additionalDocuments: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...kycQueries.ofRecord(kycDetailsId), 'additional-documents'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<AdditionalDocument[]>(apiPath`/kyc/company/additional-doc/${kycDetailsId}`, { signal })).data,
    }),
  idTypes: () =>
    queryOptions({
      queryKey: [...kycQueries.all(), 'means-of-id-types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<MeansOfIdType[]>('/kyc/means-of-ids/types', { signal })).data,
      staleTime: Infinity,
    }),
}
