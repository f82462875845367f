/**
 * The browser side of an upload (docs/api.md#uploads): ask for a slot, PUT the bytes straight to blob storage with
 * the SAS URL, then have the API confirm them. Loaded by the Uploader only when an upload starts, and it loads
 * `@azure/storage-blob` (~126 kB gzip) only then too.
 */
import {
  declaredTypeOf,
  type FileSummary,
  type UploadedFile,
  type UploadPurpose,
  type UploadSlot,
} from '@/lib/contracts/file-types'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/client'

export interface UploadRequest {
  file: File
  purpose: UploadPurpose
  businessId?: string
  /** Bytes sent so far. */
  onProgress: (loadedBytes: number) => void
  signal: AbortSignal
}

export type UploadFunction = (request: UploadRequest) => Promise<UploadedFile>

export const uploadToBlob: UploadFunction = async ({ file, purpose, businessId, onProgress, signal }) => {
  const contentType = declaredTypeOf(file)
  const { data: slot } = await apiClient.post<UploadSlot>(
    '/files/upload-url',
    { fileName: file.name, contentType, size: file.size, purpose, ...(businessId ? { businessId } : {}) },
    { signal },
  )
  const { BlockBlobClient } = await import('@azure/storage-blob')
  await new BlockBlobClient(slot.uploadUrl).uploadData(file, {
    blobHTTPHeaders: { blobContentType: contentType },
    onProgress: (progress) => onProgress(progress.loadedBytes),
    abortSignal: signal,
  })
  onProgress(file.size)
  // Silent: the Uploader shows confirm's refusal (413 / 415 / 422, 503) itself, so the global error toast would repeat it.
  const { data } = await apiClient.post<FileSummary>(apiPath`/files/${slot.fileId}/confirm`, undefined, { signal, silent: true })
  return { id: data.id, fileName: data.fileName, contentType: data.contentType, sizeBytes: data.sizeBytes }
}
