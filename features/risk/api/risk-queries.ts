import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { BusinessRisk, RiskAssessment } from '@/lib/contracts/risk'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

/** Risk's reads (docs/risk.md#api): `['risk', …]`, generic to specific. */
export const riskQueries = {
  all: () => ['risk'] as const,
  /** A business's current assessment (null before its KYC is submitted), to staff who may read the business. */
  business: (businessId: string) =>
    queryOptions({
      queryKey: [...riskQueries.all(), 'business', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessRisk | null>(apiPath`/businesses/${businessId}/risk`, { signal })).data,
    }),
  /** Its assessments, newest first. */
  history: (businessId: string, pageSize = 10) =>
    queryOptions({
      queryKey: [...riskQueries.all(), 'business', businessId, 'history', pageSize] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<Page<RiskAssessment>>(apiPath`/businesses/${businessId}/risk/history`, {
            params: { pageNumber: 1, pageSize },
            signal,
          })
        ).data,
    }),
}
