import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { assertStaffWithAny } from '@/server/http/access'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import type { BlobStorage } from '@/server/integrations/blob/blob-storage'
import { SCREENING_LIST_MANAGERS } from '../screening-access'
import type { ListSourceFile } from './stage-version'

const UPLOAD_VALID_MS = 60 * 60 * 1000

/** Where a user's list uploads live: under their own id, so nobody loads a file another person uploaded. */
const blobNameOf = (userId: string, uploadId: string) => `screening-uploads/${userId}/${uploadId}`

/**
 * `POST /screening/uploads`: a SAS URL to upload one list file straight to blob storage (as KYC documents are), so a
 * 100 MB file never passes through the API's memory; the dry run then streams it from there.
 */
export function createListUpload(options: { actor: Actor; blobs: BlobStorage }) {
  assertStaffWithAny(options.actor, ...SCREENING_LIST_MANAGERS)
  const uploadId = randomUUID()
  const expiresOn = new Date(Date.now() + UPLOAD_VALID_MS)
  const { uploadUrl } = options.blobs.createUploadUrl(blobNameOf(options.actor.userId, uploadId), expiresOn)
  return { uploadId, uploadUrl, expiresAt: expiresOn.toISOString() }
}

/** The uploaded files as sources of a dry run; a missing upload is named by its part. */
export async function uploadedSources(options: {
  actor: Actor
  blobs: BlobStorage
  files: { part: ListSourceFile['part']; uploadId: string; fileName: string }[]
}): Promise<ListSourceFile[]> {
  const parts = new Set<string>()
  const sources: ListSourceFile[] = []
  for (const [i, file] of options.files.entries()) {
    if (parts.has(file.part))
      throw new AppError('VALIDATION_FAILED', `Two files were sent as ${file.part}`, { field: `files.${i}.part` })
    parts.add(file.part)
    const blobName = blobNameOf(options.actor.userId, file.uploadId)
    if (!(await options.blobs.getProperties(blobName)))
      throw new AppError('VALIDATION_FAILED', `Nothing was uploaded for ${file.fileName}: upload it again`, {
        field: `files.${i}.uploadId`,
      })
    sources.push({
      part: file.part,
      name: file.fileName,
      open: async () =>
        Readable.fromWeb((await options.blobs.download(blobName)).body as import('node:stream/web').ReadableStream<Uint8Array>),
    })
  }
  return sources
}

/** The uploads of a dry run are removed once read (a new dry run uploads again). */
export async function removeUploads(options: { actor: Actor; blobs: BlobStorage; uploadIds: string[] }) {
  await Promise.all(options.uploadIds.map((id) => options.blobs.delete(blobNameOf(options.actor.userId, id))))
}
