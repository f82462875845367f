import { queryOptions } from '@tanstack/react-query'
import { STAFF_DOCUMENTS_QUERY_KEY } from '@/components/review/document-review-actions'
import { apiClient } from '@/lib/http'
import { LOOKUP_STALE_TIME } from '@/lib/query/client'
import type { CacReviewRow, DeferralDetail, DocumentType, Page, StaffDeferral } from './types'

/** Query strings as the API reads them, in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>
const segment = (value: string) => encodeURIComponent(value)

/**
 * The staff documents feature's query keys, generic to specific: `['staff-documents', 'cac' | 'deferrals', …]`. The
 * prefix is the one DocumentReviewActions refreshes, so a per-document action updates these screens too.
 */
export const staffDocumentQueries = {
  all: () => STAFF_DOCUMENTS_QUERY_KEY,
  cac: () => [...STAFF_DOCUMENTS_QUERY_KEY, 'cac'] as const,
  cacQueue: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.cac(), 'queue', query] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<Page<CacReviewRow>>('/kyc/cac-documents-for-reviews', {
            params: new URLSearchParams(query),
            signal,
          })
        ).data,
    }),
  cacRecord: (kycDetailsId: string) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.cac(), 'record', kycDetailsId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<CacReviewRow>(`/kyc/cac-documents-for-reviews/${segment(kycDetailsId)}`, { signal })).data,
    }),

  deferrals: () => [...STAFF_DOCUMENTS_QUERY_KEY, 'deferrals'] as const,
  deferralQueue: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.deferrals(), 'queue', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<StaffDeferral>>('/deferrals', { params: new URLSearchParams(query), signal })).data,
    }),
  deferral: (id: string) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.deferrals(), 'one', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<DeferralDetail>(`/deferrals/${segment(id)}`, { signal })).data,
    }),

  documentTypes: () =>
    queryOptions({
      queryKey: [...STAFF_DOCUMENTS_QUERY_KEY, 'reference', 'document-types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<DocumentType[]>('/kyc-document-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
}
