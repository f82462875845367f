/**
 * What other modules use to attach, return, replace and delete uploaded files. Uploads themselves go through
 * `POST /files/upload-url` + confirm (browser) or `storeServerUpload` (multipart bodies).
 */
import { eq } from 'drizzle-orm'
import { getConfig } from '@/lib/config/env'
import type { FileSummary, UploadPurpose } from '@/lib/contracts/file-types'
import { appendAudit, SYSTEM_AUDIT_CONTEXT, type AuditContext } from '@/server/audit/append-audit'
import type { Executor } from '@/server/db/client'
import { files, type StoredFile } from '@/server/db/schema'
import { AppError } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { getBlobStorage } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'
import { newBlobName, sha256Hex, sniffContentType } from './file-content'
import { scanAuditView, scanForMalware } from './malware-scan'
import { fileTooLarge, malwareFound, unsupportedContent } from './upload-errors'

export type { StoredFile }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The shape other APIs return for a file; `url` streams it to whoever may see it. */
export function toFileSummary(file: Pick<StoredFile, 'id' | 'fileName' | 'contentType' | 'sizeBytes'>): FileSummary {
  return {
    id: file.id,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    url: `/api/v1/files/${file.id}`,
  }
}

/** For the audit trail: the row without its storage path. */
export function fileAuditView(file: StoredFile) {
  return {
    id: file.id,
    businessId: file.businessId,
    purpose: file.purpose,
    fileName: file.fileName,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    status: file.status,
  }
}

/**
 * The confirmed file `fileId` of this business with one of these purposes. Anything else (no such file, still
 * pending, another business's, another purpose) is the same 400 on `fileId`, so nothing about other businesses leaks.
 */
export async function getAttachableFile(
  db: Executor,
  options: { fileId: string; businessId: string; purposes: readonly UploadPurpose[] },
): Promise<StoredFile> {
  const refuse = () => new AppError('VALIDATION_FAILED', 'Upload the file first, then save again', { field: 'fileId' })
  if (!UUID.test(options.fileId)) throw refuse()
  const [file] = await db.select().from(files).where(eq(files.id, options.fileId))
  if (
    !file ||
    file.status !== 'CONFIRMED' ||
    file.businessId !== options.businessId ||
    !options.purposes.includes(file.purpose)
  ) {
    throw refuse()
  }
  return file
}

/** Deletes a blob, logging instead of throwing: a leftover blob must never fail the caller's transaction. */
export async function deleteBlobBestEffort(blobName: string): Promise<void> {
  try {
    await getBlobStorage().delete(blobName)
  } catch (error) {
    logger.warn({ err: error, blobName }, 'could not delete blob; it is left behind')
  }
}

/**
 * Deletes the file row (audited) and then its blob, best-effort. Safe inside the caller's transaction (the row
 * goes with it; the audit runs in a savepoint). Unknown ids do nothing.
 */
export async function deleteStoredFile(db: Executor, fileId: string, audit: AuditContext = SYSTEM_AUDIT_CONTEXT): Promise<void> {
  if (!UUID.test(fileId)) return
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx.delete(files).where(eq(files.id, fileId)).returning()
    if (row) await appendAudit(tx, audit, { resource: 'file', resourceId: row.id, action: 'delete', before: fileAuditView(row) })
    return row
  })
  if (deleted) await deleteBlobBestEffort(deleted.blobName)
}

/**
 * Stores bytes that arrived in a multipart body: checks the size limit (413), the content by magic bytes (415) and,
 * with CLAMAV_HOST set, has clamd scan it (422 MALWARE_FOUND; 503 when the scanner does not answer, nothing kept),
 * writes a new blob, and records it CONFIRMED (audited). If the row cannot be written the blob is removed.
 * `actor` is null for a visitor's upload (a support inquiry's attachment): the row then has no uploader.
 * `field` names the form field in the 400/413/415 (default `file`).
 */
export async function storeServerUpload(options: {
  db: Executor
  actor: Actor | null
  field?: string
  businessId: string | null
  purpose: UploadPurpose
  fileName: string
  bytes: Uint8Array
  audit?: AuditContext
}): Promise<StoredFile> {
  const { db, actor, bytes } = options
  const field = options.field ?? 'file'
  const maxBytes = getConfig().uploadMaxBytes
  if (bytes.byteLength === 0) throw new AppError('VALIDATION_FAILED', 'The file is empty', { field })
  if (bytes.byteLength > maxBytes) throw fileTooLarge(maxBytes, field)
  const contentType = await sniffContentType(bytes)
  if (!contentType) throw unsupportedContent(field)
  const fileName = options.fileName.trim().slice(0, 255) || 'file'
  const scan = await scanForMalware({ bytes, fileName, kept: false, field })
  if (scan.scanned && scan.infected) throw malwareFound(fileName, scan.signature, field)

  const blobName = newBlobName(options.fileName)
  const storage = getBlobStorage()
  await storage.upload(blobName, bytes, contentType)
  const audit = options.audit ?? { actorId: actor?.userId ?? null, actorEmail: actor?.email ?? null, requestId: null, ip: null }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(files)
        .values({
          businessId: options.businessId,
          purpose: options.purpose,
          fileName,
          contentType,
          sizeBytes: bytes.byteLength,
          blobName,
          sha256: sha256Hex(bytes),
          status: 'CONFIRMED',
          uploadedBy: actor?.userId ?? null,
          confirmedAt: new Date(),
        })
        .returning()
      await appendAudit(tx, audit, {
        resource: 'file',
        resourceId: row!.id,
        action: 'upload',
        after: { ...fileAuditView(row!), ...scanAuditView(scan) },
      })
      return row!
    })
  } catch (error) {
    await deleteBlobBestEffort(blobName)
    throw error
  }
}
