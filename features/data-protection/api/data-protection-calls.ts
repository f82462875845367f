import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { DataSubject, DataSubjectKind, ErasureResult } from '@/lib/contracts/data-subjects'
import type { RetentionReport } from '@/lib/contracts/retention'
import { apiPath } from '@/lib/http/api-path'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'
import { dataProtectionQueries } from './data-protection-queries'

const subjectPath = (kind: DataSubjectKind, id: string) => apiPath`/data-subjects/${kind}/${id}`

/** Streams one person's export (a zip) and saves it; resolves with the file's name. */
export function useExportDataSubject() {
  return useMutation({
    mutationFn: (subject: Pick<DataSubject, 'kind' | 'id'>) =>
      downloadFile(`${subjectPath(subject.kind, subject.id)}/export`, `personal-data-${subject.id}.zip`),
  })
}

export function useEraseDataSubject() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ kind, id, reason }: { kind: DataSubjectKind; id: string; reason: string }) =>
      (await apiClient.post<ErasureResult>(`${subjectPath(kind, id)}/erase`, { reason })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: dataProtectionQueries.all() }),
  })
}

/** The retention run: a dry run lists what would go; otherwise it purges. */
export function useRunRetention() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (dryRun: boolean) => (await apiClient.post<RetentionReport>('/data-protection/retention', { dryRun })).data,
    onSuccess: (report) => {
      if (!report.dryRun) void client.invalidateQueries({ queryKey: dataProtectionQueries.all() })
    },
  })
}
