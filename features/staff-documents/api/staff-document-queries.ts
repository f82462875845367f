import { queryOptions } from '@tanstack/react-query'
import type { DeferrableMappingAnswer } from '@/lib/contracts/deferral-review'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import type { CacReviewRow, DeferralDetail, Page, StaffDeferralListItem } from './types'

/** Query strings as the API reads them, in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>

/**
 * The staff documents feature's query keys, generic to specific: `['staff-documents', 'cac' | 'deferrals', …]`. A
 * per-document action (DocumentReviewActions) refreshes the whole prefix, so it updates these screens too.
 */
export const staffDocumentQueries = {
  all: () => ['staff-documents'] as const,
  cac: () => [...staffDocumentQueries.all(), 'cac'] as const,
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
        (await apiClient.get<CacReviewRow>(apiPath`/kyc/cac-documents-for-reviews/${kycDetailsId}`, { signal })).data,
    }),

  deferrals: () => [...staffDocumentQueries.all(), 'deferrals'] as const,
  deferralQueue: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.deferrals(), 'queue', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<StaffDeferralListItem>>('/deferrals', { params: new URLSearchParams(query), signal })).data,
    }),
  deferral: (id: string) =>
    queryOptions({
      queryKey: [...staffDocumentQueries.deferrals(), 'one', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<DeferralDetail>(apiPath`/deferrals/${id}`, { signal })).data,
    }),

  /** `GET /deferrals/deferrable-mapping`: which document types may be deferred (the maximum days are a shared read). */
  deferralMapping: () =>
    queryOptions({
      queryKey: [...staffDocumentQueries.all(), 'deferral-settings', 'mapping'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<DeferrableMappingAnswer>('/deferrals/deferrable-mapping', { signal })).data,
    }),
}
