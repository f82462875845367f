import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AdjudicationInputBody } from '@/lib/contracts/screening'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { screeningQueries } from './screening-queries'

/** `PUT /screening/hits/{id}`'s answer: the candidate's new status and the business's screening status. */
export interface AdjudicatedHit {
  id: string
  status: 'FALSE_MATCH' | 'TRUE_MATCH'
  businessId: string
  businessScreeningStatus: string
}

/**
 * `PUT /screening/hits/{id}`: adjudicate an OPEN candidate. Screening's reads (the business's checks, the queue) refresh
 * on success and after a 409 (someone else decided first: the screen shows the fresh state). The screen reacts in its
 * own way (`onSuccess` / `onError`: the review refreshes its checklist, which is another feature's).
 */
export function useAdjudicateHit(
  options: { onSuccess?: (hit: AdjudicatedHit) => void; onError?: (error: unknown) => void } = {},
) {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: screeningQueries.all() })
  return useMutation({
    mutationFn: async ({ hitId, input }: { hitId: string; input: AdjudicationInputBody }) =>
      (await apiClient.put<AdjudicatedHit>(apiPath`/screening/hits/${hitId}`, input)).data,
    onSuccess: async (hit) => {
      await refresh()
      options.onSuccess?.(hit)
    },
    onError: async (error) => {
      await refresh()
      options.onError?.(error)
    },
  })
}
