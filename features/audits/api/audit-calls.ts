import { useMutation } from '@tanstack/react-query'
import type { AuditExportQuery, AuditFilters, AuditVerifyResult } from '@/lib/contracts/audits'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'

/** Recomputes the hash chain on the server (an explicit action: its answer is shown, not cached). */
export function useVerifyAuditChain() {
  return useMutation({
    mutationFn: async () => (await apiClient.get<AuditVerifyResult>('/audits/verify')).data,
  })
}

/** The audit log with its chain proof, as filtered on screen (CAN_EXPORT_AUDIT); saved under the server's file name. */
export function downloadAuditExport(filters: AuditFilters, format: AuditExportQuery['format']): Promise<string> {
  return downloadFile('/audits/export', `audit-log.${format}`, { params: { ...filters, format } })
}
