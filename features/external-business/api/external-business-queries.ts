import { queryOptions } from '@tanstack/react-query'
import type { ExternalBusiness } from '@/lib/contracts/external-business'
import { apiClient } from '@/lib/http/lazy-client'

/** The partner handover: `['external-business', …]`. */
export const externalBusinessQueries = {
  all: () => ['external-business'] as const,
  /** Verifies the partner's reference; the screen shows a refusal itself (silent: no toast). */
  retrieve: (reference: string) =>
    queryOptions({
      queryKey: [...externalBusinessQueries.all(), 'retrieve', reference] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ExternalBusiness>('/external/business/retrieve', { params: { reference }, signal, silent: true }))
          .data,
      retry: false,
      staleTime: Infinity,
    }),
}
