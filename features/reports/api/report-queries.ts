import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  FeeCharge,
  FeeClient,
  FeeClientAggregates,
  FeeRecord,
  FeeReportFilter,
  FeeServiceAggregates,
  FeeValues,
  KycServiceDetail,
} from '@/lib/contracts/fees'
import type { Page } from '@/lib/contracts/pagination'
import { apiClient } from '@/lib/http/lazy-client'
import { downloadFile } from '@/lib/http/download-file'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import { configAnswer } from '@/lib/http/config-answer'
import { authorizationReads } from '@/lib/query/shared-queries'

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

/** Creates a fee, or replaces the one with `id`; under four-eyes (202) it is sent for approval and nothing changes yet. */
export function useSaveFee() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: FeeValues }) =>
      configAnswer<FeeRecord>(
        id
          ? await apiClient.put<FeeRecord | AuthorizationDetail>(`/fees/${id}`, values)
          : await apiClient.post<FeeRecord | AuthorizationDetail>('/fees', values),
      ),
    onSuccess: (answer) =>
      client.invalidateQueries({
        queryKey: answer.pending ? authorizationReads.pending('fee').queryKey : [...feeQueries.all(), 'search'],
      }),
  })
}

/** The fee report as a workbook, with the report's filters. */
export function downloadFeeReport(filter: FeeReportFilter): Promise<string> {
  return downloadFile('/fees/reports/downloads', 'fees.xlsx', { params: { ...filter, format: 'xlsx' } })
}
