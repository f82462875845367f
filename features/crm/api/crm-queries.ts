import { queryOptions } from '@tanstack/react-query'
import type { CrmAccount } from '@/lib/contracts/crm'
import { CRM_SEARCH_SIZE_LIMIT } from '@/lib/contracts/crm-values'
import { apiClient } from '@/lib/http/lazy-client'

/** The CRM lookups: `['crm', …]`. */
export const crmQueries = {
  all: () => ['crm'] as const,
  search: (accountName: string) =>
    queryOptions({
      queryKey: [...crmQueries.all(), 'search-accounts', accountName] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<CrmAccount[]>('/crm/search-accounts', {
            params: { accountName, sizeLimit: CRM_SEARCH_SIZE_LIMIT },
            signal,
          })
        ).data,
      staleTime: 60 * 1000,
    }),
}
