import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { FeeRecord, FeeReportFilter, FeeValues } from '@/lib/contracts/fees'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer } from '@/lib/http/config-answer'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import { feeQueries } from './report-queries'

/** Creates a fee, or replaces the one with `id`; under four-eyes (202) it is sent for approval and nothing changes yet. */
export function useSaveFee() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, values }: { id?: string; values: FeeValues }) =>
      configAnswer<FeeRecord>(
        id
          ? await apiClient.put<FeeRecord | AuthorizationDetail>(apiPath`/fees/${id}`, values)
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
