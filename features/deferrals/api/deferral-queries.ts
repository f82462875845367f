import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import type { Deferral } from '@/lib/contracts/deferrals'
import type { Page } from '@/lib/contracts/pagination'
import { apiClient } from '@/lib/http'

/** `['deferrals', ...]`: the KYC documents feature invalidates this prefix when a document or a request changes. */
export const deferralQueries = {
  all: () => ['deferrals'] as const,
  ofBusiness: (businessId: string, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...deferralQueries.all(), 'business', businessId, page] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<Page<Deferral>>(`/deferrals/business-deferrals/${encodeURIComponent(businessId)}`, {
            params: page,
            signal,
          })
        ).data,
      placeholderData: keepPreviousData,
    }),
}
