import { queryOptions } from '@tanstack/react-query'
import type { OperationsDashboard, OperationsDashboardQuery } from '@/lib/contracts/operations'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'

/** The operations dashboard's reads: `['operations', 'dashboard', filters]`. */
export const operationsQueries = {
  all: () => ['operations'] as const,
  dashboard: (filters: OperationsDashboardQuery) =>
    queryOptions({
      queryKey: [...operationsQueries.all(), 'dashboard', filters] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<OperationsDashboard>('/operations/dashboard', { params: filters, signal })).data,
    }),
}

/** The same figures as CSV, saved under the server's file name. */
export function downloadOperationsCsv(filters: OperationsDashboardQuery): Promise<string> {
  return downloadFile('/operations/dashboard.csv', 'operations.csv', { params: filters })
}
