import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { DeferrableMappingAnswer, DeferrableMappingInput } from '@/lib/contracts/deferral-review'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer } from '@/lib/http/config-answer'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads, deferralReads } from '@/lib/query/shared-queries'
import { staffDocumentQueries } from './staff-document-queries'

/**
 * `PUT /deferrals/deferrable-days/{days}`: the answer becomes the cached maximum; under four-eyes (202) it is sent for
 * approval and nothing changes yet.
 */
export function useSetMaxDays() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (days: number) =>
      configAnswer<{ maxDays: number }>(
        await apiClient.put<{ maxDays: number } | AuthorizationDetail>(apiPath`/deferrals/deferrable-days/${String(days)}`),
      ),
    onSuccess: (answer) => {
      if (answer.pending) return queryClient.invalidateQueries({ queryKey: authorizationReads.pending('setting').queryKey })
      queryClient.setQueryData(deferralReads.maxDays().queryKey, answer.record)
    },
  })
}

/**
 * `PUT /deferrals/deferrable-mapping`: replaces the whole mapping; the answer becomes the cached mapping. Under
 * four-eyes (202) it is sent for approval and nothing changes yet.
 */
export function useSaveMapping() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: DeferrableMappingInput) =>
      configAnswer<DeferrableMappingAnswer>(
        await apiClient.put<DeferrableMappingAnswer | AuthorizationDetail>('/deferrals/deferrable-mapping', input),
      ),
    onSuccess: (answer) => {
      if (answer.pending)
        return queryClient.invalidateQueries({ queryKey: authorizationReads.pending('deferrable_mapping').queryKey })
      queryClient.setQueryData(staffDocumentQueries.deferralMapping().queryKey, answer.record)
    },
  })
}
