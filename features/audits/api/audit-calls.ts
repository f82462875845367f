import { useMutation } from '@tanstack/react-query'
import type { AuditVerifyResult } from '@/lib/contracts/audits'
import { apiClient } from '@/lib/http/lazy-client'

/** Recomputes the hash chain on the server (an explicit action: its answer is shown, not cached). */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: async () => (await apiClient.get<AuditVerifyResult>('/audits/verify')).data,
  })
}
