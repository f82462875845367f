/**
 * One list file to blob storage (docs/screening.md#loading-a-list): `POST /screening/uploads` answers a SAS URL, then
 * the browser puts the bytes there itself, as `components/ui/upload-to-blob.ts` does for KYC documents, so a 100 MB list
 * never passes through the API. Loaded when a load starts, with `@azure/storage-blob` (~126 kB gzip).
 */
import { apiClient } from '@/lib/http/lazy-client'
import type { ListFilePart } from '../model/list-formats'

export interface ListFileUpload {
  part: ListFilePart
  file: File
}

export async function uploadListFile(options: {
  upload: ListFileUpload
  onProgress: (loadedBytes: number) => void
  signal?: AbortSignal
}): Promise<{ part: ListFilePart; uploadId: string; fileName: string }> {
  const { file, part } = options.upload
  const { data: slot } = await apiClient.post<{ uploadId: string; uploadUrl: string }>(
    '/screening/uploads',
    { fileName: file.name },
    { signal: options.signal, shownInline: true },
  )
  const { BlockBlobClient } = await import('@azure/storage-blob')
  await new BlockBlobClient(slot.uploadUrl).uploadData(file, {
    onProgress: (progress) => options.onProgress(progress.loadedBytes),
    abortSignal: options.signal,
  })
  options.onProgress(file.size)
  return { part, uploadId: slot.uploadId, fileName: file.name }
}
