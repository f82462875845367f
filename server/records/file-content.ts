import { createHash, randomUUID } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import { ALLOWED_UPLOAD_TYPES, type AllowedUploadType } from '@/lib/contracts/file-types'

/** file-type looks at most this far into a file; confirm reads only this much of the blob. */
export const SNIFF_BYTES = 4100

/** The type the bytes really are, when it is one of the allowed ones (png, jpeg, pdf); otherwise null. */
export async function sniffContentType(bytes: Uint8Array): Promise<AllowedUploadType | null> {
  const detected = await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES))
  if (!detected) return null
  return (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(detected.mime) ? (detected.mime as AllowedUploadType) : null
}

/**
 * A file name safe as a blob path segment and in headers: letters, digits, dot, dash and underscore; at most
 * 100 characters with the extension kept; never empty, never only dots.
 */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  let cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '')
  if (cleaned.length > 100) {
    const dot = cleaned.lastIndexOf('.')
    const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : ''
    cleaned = cleaned.slice(0, 100 - ext.length) + ext
  }
  return cleaned && !/^\.*$/.test(cleaned) ? cleaned : 'file'
}

/** `{uuid}/{sanitised file name}` (docs/api.md#uploads). */
export function newBlobName(fileName: string): string {
  return `${randomUUID()}/${sanitiseFileName(fileName)}`
}

/** Where the browser uploads: `staging/{uuid}/{name}`. Confirm copies the checked bytes to a `newBlobName`. */
export function newStagingBlobName(fileName: string): string {
  return `${STAGING_PREFIX}${newBlobName(fileName)}`
}

export const STAGING_PREFIX = 'staging/'

/** What confirm records and serving checks. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex')
}
