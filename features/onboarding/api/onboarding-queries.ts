import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { getHttpStatus } from '@/lib/http/errors'
import { apiClient } from '@/lib/http/lazy-client'
import type { CanProceed, OnboardingDetail, OnboardingQuery, OnboardingQueueRow, Page } from './types'

/**
 * The onboarding feature's query keys, from generic to specific: `['onboarding']` → `['onboarding', 'mine', code,
 * businessId]`, `['onboarding', 'detail', id]`, `['onboarding', 'approvals', query]`. The offered product and a business's
 * products are shared reads (lib/query/shared-queries.ts).
 */
export const onboardingQueries = {
  all: () => ['onboarding'] as const,

  /**
   * `GET /onboarding-products/me/{productCode}`: the user's application for a product in a business; null when there is
   * none yet (404). Any other failure is logged and rethrown (spec section 7).
   */
  mine: (productCode: string, businessId: string) =>
    queryOptions({
      queryKey: [...onboardingQueries.all(), 'mine', productCode.toUpperCase(), businessId] as const,
      queryFn: async ({ signal }) => {
        try {
          return (
            await apiClient.get<OnboardingDetail>(apiPath`/onboarding-products/me/${productCode}`, {
              params: { businessId },
              signal,
              silent: true,
            })
          ).data
        } catch (error) {
          if (getHttpStatus(error) === 404) return null
          console.error('Could not load the application for product', productCode, error)
          throw error
        }
      },
    }),
  details: () => [...onboardingQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...onboardingQueries.details(), id] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<OnboardingDetail>(apiPath`/onboarding-products/details/${id}`, { signal })).data,
    }),
  canProceed: (id: string) =>
    queryOptions({
      queryKey: [...onboardingQueries.details(), id, 'can-proceed'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<CanProceed>(apiPath`/onboarding-products/can-proceed-kyc-capturing/${id}`, { signal })).data,
    }),
  /** The review queue; `statuses` repeat as `status=` (none: the API's default, IN_REVIEW). */
  approvalLists: () => [...onboardingQueries.all(), 'approvals'] as const,
  approvals: (query: OnboardingQuery) =>
    queryOptions({
      queryKey: [...onboardingQueries.approvalLists(), query] as const,
      queryFn: async ({ signal }) => {
        const params = new URLSearchParams({ pageNumber: String(query.pageNumber), pageSize: String(query.pageSize) })
        if (query.searchKey) params.set('searchKey', query.searchKey)
        if (query.sort) params.set('sort', query.sort)
        if (query.due) params.set('due', query.due)
        for (const status of query.statuses ?? []) params.append('status', status)
        return (await apiClient.get<Page<OnboardingQueueRow>>(`/onboarding-products/approvals?${params.toString()}`, { signal }))
          .data
      },
    }),
}
