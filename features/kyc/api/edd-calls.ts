import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { EddAnswerInput, EnhancedDueDiligence } from '@/lib/contracts/risk-edd'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessReads, kycReads } from '@/lib/query/shared-queries'

/**
 * `PUT /kyc/{kycDetailsId}/enhanced-due-diligence`: one answer. Silent: the form shows the API's answer beside its
 * fields. The answer is the items as they now stand; the business's outstanding list follows.
 */
export function useSaveEddAnswer(kycDetailsId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: EddAnswerInput) =>
      (
        await apiClient.put<EnhancedDueDiligence>(apiPath`/kyc/${kycDetailsId}/enhanced-due-diligence`, input, {
          silent: true,
        })
      ).data,
    onSuccess: (answer) => {
      client.setQueryData(kycReads.enhancedDueDiligence(kycDetailsId).queryKey, answer)
      return client.invalidateQueries({ queryKey: businessReads.all() })
    },
  })
}
