import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { SupportInquiryQuery, SupportInquiryRow } from '@/lib/contracts/support'
import { apiClient } from '@/lib/http/lazy-client'

/** Support inquiries (staff): `['support', …]`. */
export const supportQueries = {
  all: () => ['support'] as const,
  inquiries: (query: SupportInquiryQuery) =>
    queryOptions({
      queryKey: [...supportQueries.all(), 'inquiries', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<SupportInquiryRow>>('/support/inquiries', { params: query, signal })).data,
    }),
}
