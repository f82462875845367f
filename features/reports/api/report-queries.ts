import { queryOptions } from '@tanstack/react-query'
import type {
  FeeCharge,
  FeeClient,
  FeeClientAggregates,
  FeeRecord,
  FeeReportFilter,
  FeeServiceAggregates,
  KycServiceDetail,
} from '@/lib/contracts/fees'
import type { Page } from '@/lib/contracts/pagination'
import { apiClient } from '@/lib/http/lazy-client'

export type FeeSearch = {
  divisionId?: string
  serviceDetailId?: string
  active?: 'true' | 'false'
  pageNumber: number
  pageSize: number
}
export type FeeReportQuery = FeeReportFilter & { pageNumber: number; pageSize: number }

/** The reports screen's fee reads: `['fees', …]`, generic to specific. */
export const feeQueries = {
  all: () => ['fees'] as const,
  clients: () =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'clients'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<FeeClient[]>('/fees/clients', { signal })).data,
      staleTime: 5 * 60 * 1000,
    }),
  services: () =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'services'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<KycServiceDetail[]>('/kyc-service-details', { signal })).data,
      staleTime: 5 * 60 * 1000,
    }),
  search: (query: FeeSearch) =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'search', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<FeeRecord>>('/fees/search', { params: query, signal })).data,
    }),
  charges: (query: FeeReportQuery) =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'charges', query] as const,
      queryFn: async ({ signal }) => (await apiClient.post<Page<FeeCharge>>('/fees/reports', query, { signal })).data,
    }),
  totalsByClient: (filter: FeeReportFilter) =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'totals-by-client', filter] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<FeeClientAggregates>('/fees/reports/aggregates', { params: filter, signal })).data,
    }),
  totalsByService: (filter: FeeReportFilter) =>
    queryOptions({
      queryKey: [...feeQueries.all(), 'totals-by-service', filter] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<FeeServiceAggregates>('/fees/reports/aggregates/kyc', { params: filter, signal })).data,
    }),
}
