import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateDeferralInput, Deferral } from '@/lib/contracts/deferrals'
import type { AttachKycDocumentInput, KycDocument } from '@/lib/contracts/kyc-documents'
import { apiPath } from '@/lib/http/api-path'
import { apiClient, downloadRequest } from '@/lib/http/lazy-client'
import { businessReads, deferralReads, kycReads } from '@/lib/query/shared-queries'

/**
 * What changes when a document or a deferral changes: the checklist (`['kyc', 'documents', …]`), the deferral lists
 * (`['deferrals', …]`, which the deferrals feature shows), the business (blocked).
 */
const DOCUMENT_DEPENDENT_KEYS = [kycReads.all(), deferralReads.all(), businessReads.all()] as const

function useInvalidateDocuments() {
  const client = useQueryClient()
  return () => Promise.all(DOCUMENT_DEPENDENT_KEYS.map((queryKey) => client.invalidateQueries({ queryKey })))
}

/** `POST /kyc/documents`: attach a confirmed upload as a document type (replacing the current one). */
export function useAttachDocument() {
  const invalidate = useInvalidateDocuments()
  return useMutation({
    mutationFn: async (input: AttachKycDocumentInput) => (await apiClient.post<KycDocument>('/kyc/documents', input)).data,
    onSuccess: () => invalidate(),
  })
}

/** `DELETE /kyc/documents/{id}`: removes the current document of a type (its file goes with it). */
export function useDeleteDocument() {
  const invalidate = useInvalidateDocuments()
  return useMutation({
    mutationFn: async (id: string) => void (await apiClient.delete(apiPath`/kyc/documents/${id}`)),
    onSuccess: () => invalidate(),
  })
}

/** `POST /deferrals`. Silent: the dialog shows the API's answer next to the fields. */
export function useRequestDeferral() {
  const invalidate = useInvalidateDocuments()
  return useMutation({
    mutationFn: async (input: CreateDeferralInput) =>
      (await apiClient.post<Deferral>('/deferrals', input, { silent: true })).data,
    onSuccess: () => invalidate(),
  })
}

/**
 * Opens a stored file in a new tab. `GET /files/{id}` needs the bearer token, which a plain link cannot carry: the
 * tab is opened first (so no pop-up blocker steps in), then shown the downloaded bytes.
 */
export async function openDocumentFile(fileId: string): Promise<void> {
  const tab = window.open('', '_blank')
  try {
    const { data } = await downloadRequest<Blob>(apiPath`/files/${fileId}`)
    const url = URL.createObjectURL(data)
    if (tab) tab.location.href = url
    else window.location.assign(url)
    // The tab keeps its own copy once loaded; free ours later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  } catch (error) {
    tab?.close()
    throw error
  }
}
