import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DeferrableMappingAnswer, DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import { apiClient } from '@/lib/http'
import { deferralReads } from '@/lib/query/shared-queries'
import { staffDocumentQueries } from './staff-document-queries'

/** `PUT /deferrals/deferrable-days/{days}`: the answer becomes the cached maximum. */
export function useSetMaxDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (days: number) =>
      (await apiClient.put<{ maxDays: number }>(`/deferrals/deferrable-days/${encodeURIComponent(String(days))}`)).data,
    onSuccess: (answer) => queryClient.setQueryData(deferralReads.maxDays().queryKey, answer),
  })
}

/** `PUT /deferrals/deferrable-mapping`: replaces the whole mapping; the answer becomes the cached mapping. */
export function useSaveMapping() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: DeferrableMappingInput) =>
      (await apiClient.put<DeferrableMappingAnswer>('/deferrals/deferrable-mapping', input)).data,
    onSuccess: (answer) => queryClient.setQueryData(staffDocumentQueries.deferralMapping().queryKey, answer),
  })
}
