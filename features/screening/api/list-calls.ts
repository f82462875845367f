import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { DesignationInput, ListDryRunView } from '@/lib/contracts/screening'
import type { ScreeningFileFormat } from '@/lib/contracts/screening-values'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import type { ListFilePart } from '../model/list-formats'
import type { ListFileUpload } from './list-upload'
import { screeningQueries } from './screening-queries'

/**
 * A list change asked of the API: under four-eyes (FOUR_EYES_CONFIG, the default) 202 with the authorization that
 * waits for a second person; with it off, 200 and the change is made.
 */
export type ListChangeAnswer = { pending: true; authorizationId: string } | { pending: false }

function listChangeAnswer(res: { status: number; data: { pending?: AuthorizationDetail } }): ListChangeAnswer {
  return res.status === 202 && res.data.pending ? { pending: true, authorizationId: res.data.pending.id } : { pending: false }
}

const refreshLists = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: screeningQueries.lists().queryKey }),
    queryClient.invalidateQueries({ queryKey: screeningQueries.settings().queryKey }),
    queryClient.invalidateQueries({ queryKey: authorizationReads.pending('screening_list').queryKey }),
  ])

export interface StageListRequest {
  listCode: string
  format: ScreeningFileFormat
  files: ListFileUpload[]
  /** Bytes of `part` sent so far. */
  onProgress: (part: ListFilePart, loadedBytes: number) => void
}

/**
 * Uploads each file to blob storage, then `POST /screening/lists/{code}/versions`: the dry run. The screen
 * shows a refused file's line itself (`shownInline`: no toast).
 */
export function useStageListVersion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ listCode, format, files, onProgress }: StageListRequest) => {
      const { uploadListFile } = await import('./list-upload')
      const uploaded = []
      for (const upload of files)
        uploaded.push(await uploadListFile({ upload, onProgress: (loaded) => onProgress(upload.part, loaded) }))
      return (
        await apiClient.post<ListDryRunView>(
          apiPath`/screening/lists/${listCode}/versions`,
          { format, files: uploaded },
          { shownInline: true },
        )
      ).data
    },
    onSuccess: () => refreshLists(queryClient),
  })
}

/** `POST /screening/versions/{id}/load`: asks a second factor first (step-up), then waits for a second person. */
export function useRequestListLoad() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ versionId, reason }: { versionId: string; reason: string }) =>
      listChangeAnswer(await apiClient.post(apiPath`/screening/versions/${versionId}/load`, { reason }, { shownInline: true })),
    onSuccess: () => refreshLists(queryClient),
  })
}

/** `POST /screening/lists/{code}/entries`: a designation by hand, with step-up and four-eyes like a load. */
export function useAddDesignation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ listCode, input }: { listCode: string; input: DesignationInput }) =>
      listChangeAnswer(await apiClient.post(apiPath`/screening/lists/${listCode}/entries`, input, { shownInline: true })),
    onSuccess: () => refreshLists(queryClient),
  })
}

/** `PUT /screening/settings`: a new match threshold, through four-eyes. */
export function useChangeMatchThreshold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { matchThreshold: number; reason: string }) =>
      listChangeAnswer(await apiClient.put('/screening/settings', input, { shownInline: true })),
    onSuccess: () => refreshLists(queryClient),
  })
}
