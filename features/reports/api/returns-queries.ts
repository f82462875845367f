import { queryOptions } from '@tanstack/react-query'
import type { RegulatoryReturns, RegulatoryReturnsQuery } from '@/lib/contracts/regulatory-returns'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'

/** The regulatory returns' reads: `['regulatory-returns', …]`. */
export const returnsQueries = {
  all: () => ['regulatory-returns'] as const,
  period: (period: RegulatoryReturnsQuery) =>
    queryOptions({
      queryKey: [...returnsQueries.all(), period] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<RegulatoryReturns>('/reports/regulatory-returns', { params: period, signal })).data,
    }),
}

/** The same figures as a workbook, saved under the server's file name. */
export function downloadRegulatoryReturns(period: RegulatoryReturnsQuery): Promise<string> {
  return downloadFile('/reports/regulatory-returns/download', 'regulatory-returns.xlsx', {
    params: { ...period, format: 'xlsx' },
  })
}
