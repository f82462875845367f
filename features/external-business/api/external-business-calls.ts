import { useMutation } from '@tanstack/react-query'
import type { ExternalImportResult } from '@/lib/contracts/external-business'
import { apiClient } from '@/lib/http/lazy-client'

/**
 * GET /external/business/import: makes the handed-over business the signed-in user's, with its product application.
 * The screen shows a refusal itself (silent: no toast).
 */
export function useImportExternalBusiness() {
  return useMutation({
    mutationFn: async (input: { externalBusinessId: string; productCode: string }) =>
      (await apiClient.get<ExternalImportResult>('/external/business/import', { params: input, silent: true })).data,
  })
}
