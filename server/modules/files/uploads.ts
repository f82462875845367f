import { createHash } from 'node:crypto'
import { and, count, eq, gt, lt } from 'drizzle-orm'
import type { z } from 'zod'
import { getConfig } from '@/lib/config/env'
import {
  ALLOWED_UPLOAD_TYPES,
  isBusinessUploadPurpose,
  normaliseDeclaredType,
  type UploadLimits,
  type UploadPurpose,
  type UploadSlot,
} from '@/lib/contracts/file-types'
import type { uploadUrlRequestSchema } from '@/lib/contracts/files'
import { PERMISSIONS, type Permission } from '@/lib/permissions/names'
import { appendAudit, type AuditContext } from '@/server/audit/append-audit'
import { takeUploadSlot, THROTTLE_LIMITS } from '@/server/auth/throttles'
import type { Database, Executor, Tx } from '@/server/db/client'
import { businesses, files, users, type StoredFile } from '@/server/db/schema'
import { AppError, notFound } from '@/server/http/app-error'
import type { Actor } from '@/server/http/context'
import { permissionRefused } from '@/server/http/refusals'
import { assertBusinessAccess } from '@/server/http/scope'
import { getBlobStorage, type BlobDownload } from '@/server/integrations/blob/blob-storage'
import { logger } from '@/server/logger'
import { recordPersonalDataView } from '@/server/modules/data-views/record-view'
import { assertKycEditable } from '@/server/modules/kyc/kyc-edit-access'
import { deleteBlobBestEffort, fileAuditView, toFileSummary } from '@/server/records/attachable-file'
import {
  newBlobName,
  newStagingBlobName,
  sanitiseFileName,
  sha256Hex,
  SNIFF_BYTES,
  sniffContentType,
} from '@/server/records/file-content'
import { scanAuditView, scanForMalware } from '@/server/records/malware-scan'
import { fileTooLarge, malwareFound, unsupportedContent } from '@/server/records/upload-errors'

type UploadUrlRequest = z.output<typeof uploadUrlRequestSchema>

export function getUploadLimits(): UploadLimits {
  return { maxBytes: getConfig().uploadMaxBytes, allowedTypes: [...ALLOWED_UPLOAD_TYPES] }
}

/** Slots older than their SAS plus this margin can no longer receive bytes; they are swept. */
const ABANDONED_SLOT_MARGIN_MS = 60 * 60 * 1000

/**
 * The uploader's abandoned slots (never confirmed, long expired) go, audited; returns the blobs to delete once the
 * transaction has committed.
 */
async function sweepAbandonedSlots(tx: Tx, userId: string, audit: AuditContext): Promise<string[]> {
  const cutoff = new Date(Date.now() - getConfig().uploadUrlTtlSeconds * 1000 - ABANDONED_SLOT_MARGIN_MS)
  const stale = await tx
    .delete(files)
    .where(and(eq(files.uploadedBy, userId), eq(files.status, 'PENDING'), lt(files.createdAt, cutoff)))
    .returning()
  for (const row of stale) {
    await appendAudit(tx, audit, {
      resource: 'file',
      resourceId: row.id,
      action: 'sweep_abandoned_slot',
      before: fileAuditView(row),
    })
  }
  return stale.map((row) => row.blobName)
}

/**
 * Hands out an upload slot: a PENDING row and a SAS URL for one new staging blob (create + write only, valid for
 * UPLOAD_URL_TTL_MINUTES). The declared type and size are checked here and the real content again on confirm.
 * A user holds at most 5 open slots (PENDING, SAS still valid) and is given at most 60 an hour; beyond, 429
 * (docs/security.md: uploaded files), so nobody can mint write URLs to blob storage at will.
 */
export async function createUploadSlot(options: {
  db: Database
  actor: Actor
  input: UploadUrlRequest
  audit: AuditContext
}): Promise<UploadSlot> {
  const { db, actor, input } = options
  const config = getConfig()
  const declared = normaliseDeclaredType(input.contentType)
  if (!declared)
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Only PNG, JPEG or PDF files can be uploaded', { field: 'contentType' })
  if (input.size > config.uploadMaxBytes) throw fileTooLarge(config.uploadMaxBytes, 'size')

  const businessId = input.businessId ?? null
  if (isBusinessUploadPurpose(input.purpose) && !businessId) {
    throw new AppError('VALIDATION_FAILED', 'Choose the business this file belongs to', { field: 'businessId' })
  }
  await assertMayUpload(db, actor, { purpose: input.purpose, businessId })

  const wait = await takeUploadSlot(actor.userId)
  if (wait > 0)
    throw new AppError('RATE_LIMITED', `Too many uploads this hour. Try again in ${Math.ceil(wait / 60)} minute(s).`, {
      retryAfterSeconds: wait,
    })

  const blobName = newStagingBlobName(input.fileName)
  const { row, sweptBlobs } = await db.transaction(async (tx) => {
    // One slot request of a user at a time, so two at once cannot both pass the count.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.userId)).for('update')
    const sweptBlobs = await sweepAbandonedSlots(tx, actor.userId, options.audit)
    const openSince = new Date(Date.now() - config.uploadUrlTtlSeconds * 1000)
    const [open] = await tx
      .select({ value: count() })
      .from(files)
      .where(and(eq(files.uploadedBy, actor.userId), eq(files.status, 'PENDING'), gt(files.createdAt, openSince)))
    const { openSlotsPerUser } = THROTTLE_LIMITS.uploads
    if ((open?.value ?? 0) >= openSlotsPerUser)
      throw new AppError(
        'RATE_LIMITED',
        `You have ${openSlotsPerUser} uploads under way: finish one (or wait ${Math.ceil(config.uploadUrlTtlSeconds / 60)} minutes) before starting another`,
        { retryAfterSeconds: 60 },
      )
    const [row] = await tx
      .insert(files)
      .values({
        businessId,
        purpose: input.purpose,
        fileName: input.fileName,
        contentType: declared,
        sizeBytes: input.size,
        blobName,
        status: 'PENDING',
        uploadedBy: actor.userId,
      })
      .returning()
    await appendAudit(tx, options.audit, {
      resource: 'file',
      resourceId: row!.id,
      action: 'create_upload_slot',
      after: fileAuditView(row!),
    })
    return { row: row!, sweptBlobs }
  })
  for (const swept of sweptBlobs) await deleteBlobBestEffort(swept)
  const expiresOn = new Date(Date.now() + config.uploadUrlTtlSeconds * 1000)
  const { uploadUrl, blobUrl } = getBlobStorage().createUploadUrl(blobName, expiresOn)
  return { fileId: row.id, uploadUrl, blobUrl, expiresAt: expiresOn.toISOString() }
}

/**
 * An upload slot, and its confirm, need the right of the write the file is for: a KYC file the KYC edit check on its
 * business, a product requirement the right to answer the business's applications, a government document the
 * government permission; a support attachment only a signed-in user. The business itself must be one the actor sees
 * (404 otherwise, as everywhere).
 */
async function assertMayUpload(db: Executor, actor: Actor, file: { purpose: UploadPurpose; businessId: string | null }) {
  const { purpose, businessId } = file
  if (businessId) {
    assertBusinessAccess(actor, businessId)
    const [business] = await db.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId))
    if (!business) throw notFound('Business')
  }
  switch (purpose) {
    case 'KYC_DOCUMENT':
    case 'MEANS_OF_ID':
    case 'ADDRESS_DOC':
    case 'PASSPORT_PHOTO':
      await assertKycEditable({ db, actor, businessId: businessId! })
      return
    case 'PRODUCT_REQUIREMENT':
      assertBusinessAccess(actor, businessId!, PERMISSIONS.CAN_UPDATE_ONBOARD_PRODUCT_REQUIREMENT)
      return
    case 'GOVERNMENT_DOCUMENT':
      if (!actor.isStaff || !actor.staffPermissions.has(PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY)) {
        throw permissionRefused([PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY], { scope: 'staff' })
      }
      return
    case 'SUPPORT_ATTACHMENT':
      return
  }
}

/** The uploader's own file, or 404 (nobody else may confirm or even learn of it). */
async function findOwnUpload(db: Database, actor: Actor, fileId: string): Promise<StoredFile> {
  const [file] = await db.select().from(files).where(eq(files.id, fileId))
  if (!file || file.uploadedBy !== actor.userId) throw notFound('File')
  return file
}

/**
 * Checks what actually arrived in the staging blob: its size (limit and declared size) and its first bytes (png,
 * jpeg or pdf by magic bytes), then, with CLAMAV_HOST set, has clamd scan those bytes. Anything refused is deleted,
 * blob and row, with 413 / 415 / 422 MALWARE_FOUND; a scanner that does not answer is a 503 and the file stays
 * PENDING (never confirmed unscanned). The checked bytes are then written to a new blob name that the upload SAS
 * cannot reach (the SAS stays valid until it expires, so the staging blob could still be overwritten), with their
 * SHA-256, and the staging blob is deleted. Confirming a confirmed file answers it again.
 */
export async function confirmUpload(options: { db: Database; actor: Actor; fileId: string; audit: AuditContext }) {
  const { db, actor, fileId, audit } = options
  const file = await findOwnUpload(db, actor, fileId)
  if (file.status === 'CONFIRMED') return toFileSummary(file)
  // The right may have gone since the slot was given (the business approved, the role changed).
  await assertMayUpload(db, actor, { purpose: file.purpose, businessId: file.businessId })

  const storage = getBlobStorage()
  const maxBytes = getConfig().uploadMaxBytes
  const limit = Math.min(maxBytes, file.sizeBytes)
  // One read: the bytes checked are the bytes hashed and copied, whatever is PUT to the staging blob meanwhile.
  const content = await storage.readAll(file.blobName, limit)
  if (!content) {
    throw new AppError('PRECONDITION_FAILED', 'The file has not been uploaded yet; upload it, then confirm', { field: 'fileId' })
  }
  if (content.tooLarge) {
    return reject(
      file,
      limit === maxBytes
        ? fileTooLarge(maxBytes)
        : new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${file.sizeBytes} bytes declared for this upload`),
    )
  }
  const { bytes } = content
  const contentType = bytes.byteLength > 0 ? await sniffContentType(bytes.subarray(0, SNIFF_BYTES)) : null
  if (!contentType) await reject(file, unsupportedContent())
  const scan = await scanForMalware({ bytes, fileName: file.fileName, fileId: file.id, kept: true })
  if (scan.scanned && scan.infected)
    await reject(file, malwareFound(file.fileName, scan.signature), { signature: scan.signature })

  const finalBlobName = newBlobName(file.fileName)
  await storage.upload(finalBlobName, bytes, contentType!)
  const sha256 = sha256Hex(bytes)
  const confirmed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(files)
      .set({
        status: 'CONFIRMED',
        contentType: contentType!,
        sizeBytes: bytes.byteLength,
        blobName: finalBlobName,
        sha256,
        confirmedAt: new Date(),
      })
      .where(and(eq(files.id, file.id), eq(files.status, 'PENDING')))
      .returning()
    if (!row) return null
    await appendAudit(tx, audit, {
      resource: 'file',
      resourceId: row.id,
      action: 'confirm',
      before: fileAuditView(file),
      after: { ...fileAuditView(row), sha256, ...scanAuditView(scan) },
    })
    return row
  })
  if (confirmed) {
    await deleteBlobBestEffort(file.blobName)
    return toFileSummary(confirmed)
  }
  // A concurrent confirm got there first (or the row was deleted meanwhile): this copy is not needed.
  await deleteBlobBestEffort(finalBlobName)
  const now = await findOwnUpload(db, actor, fileId)
  if (now.status === 'CONFIRMED') return toFileSummary(now)
  throw notFound('File')

  async function reject(target: StoredFile, error: AppError, found?: { signature: string }): Promise<never> {
    await deleteBlobBestEffort(target.blobName)
    await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(files)
        .where(and(eq(files.id, target.id), eq(files.status, 'PENDING')))
        .returning()
      if (row) {
        await appendAudit(tx, audit, {
          resource: 'file',
          resourceId: row.id,
          action: 'reject_upload',
          before: fileAuditView(row),
          after: { reason: error.code, ...found },
        })
      }
    })
    throw error
  }
}

/** Reading a business's file: its members, or staff holding this (anyone else: 404, the file stays unrevealed). */
export const FILE_READ = PERMISSIONS.CAN_READ_BUSINESS

/**
 * Who reads a file of no business besides its uploader, by purpose (issue 32: before, any staff user read them all):
 * government documents the government officers (government-access.ts GOVERNMENT_OFFICERS), support attachments the
 * readers of support inquiries (support/find-inquiries.ts SUPPORT_INQUIRY_READERS). Spelled here, not imported, so
 * the files module depends on neither.
 */
const NO_BUSINESS_FILE_READERS: Partial<Record<StoredFile['purpose'], Permission>> = {
  GOVERNMENT_DOCUMENT: PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY,
  SUPPORT_ATTACHMENT: PERMISSIONS.CAN_READ_USER,
}

/**
 * Business files: its members and staff with CAN_READ_BUSINESS. Files of no business: the uploader, and staff holding
 * the permission of the file's purpose (NO_BUSINESS_FILE_READERS); anyone else 404.
 */
function canReadFile(actor: Actor, file: StoredFile): boolean {
  if (file.businessId) {
    if (actor.memberships.some((m) => m.businessId === file.businessId)) return true
    return actor.isStaff && actor.staffPermissions.has(FILE_READ)
  }
  if (file.uploadedBy === actor.userId) return true
  const reader = NO_BUSINESS_FILE_READERS[file.purpose]
  return !!reader && actor.isStaff && actor.staffPermissions.has(reader)
}

export interface FileDownload {
  bytes: Uint8Array<ArrayBuffer>
  fileName: string
  contentType: string
}

/** What of a stored file the integrity check reads. */
export type StoredFileRecord = Pick<StoredFile, 'id' | 'blobName' | 'sizeBytes' | 'sha256'>

/** The stored file failed its size or hash check: logged loudly, and nothing of it is served. */
function logIntegrityFailure(file: StoredFileRecord, found: { size: number; sha256?: string }) {
  logger.error(
    { fileId: file.id, blobName: file.blobName, expectedSize: file.sizeBytes, expectedSha256: file.sha256, ...found },
    'file integrity check failed: the stored blob is not the confirmed file; not serving it',
  )
}

/**
 * A confirmed file's stored bytes, read through a SHA-256 into memory (at most the confirmed size, itself at most the
 * upload limit): `ok` only when size and hash are those recorded at confirm, `missing` when storage has no such blob,
 * `altered` (logged) when it holds other bytes. Any other storage error is thrown.
 */
export async function readStoredFile(
  file: StoredFileRecord,
): Promise<{ kind: 'ok'; bytes: Uint8Array<ArrayBuffer> } | { kind: 'missing' } | { kind: 'altered' }> {
  let download: BlobDownload
  try {
    download = await getBlobStorage().download(file.blobName)
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return { kind: 'missing' }
    throw error
  }
  const altered = (found: { size: number; sha256?: string }) => {
    logIntegrityFailure(file, found)
    return { kind: 'altered' as const }
  }
  if (download.size !== file.sizeBytes) {
    await download.body.cancel().catch(() => undefined)
    return altered({ size: download.size })
  }
  const hash = createHash('sha256')
  const chunks: Uint8Array[] = []
  let total = 0
  const reader = download.body.getReader()
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    total += next.value.byteLength
    if (total > file.sizeBytes) {
      await reader.cancel().catch(() => undefined)
      return altered({ size: total })
    }
    hash.update(next.value)
    chunks.push(next.value)
  }
  const sha256 = hash.digest('hex')
  if (total !== file.sizeBytes || (file.sha256 !== null && sha256 !== file.sha256)) return altered({ size: total, sha256 })
  return { kind: 'ok', bytes: Buffer.concat(chunks) }
}

/** The stored bytes when they are the confirmed file's; 404 when storage has none, 500 (nothing served) when altered. */
async function readVerifiedBytes(file: StoredFile): Promise<Uint8Array<ArrayBuffer>> {
  const read = await readStoredFile(file)
  if (read.kind === 'missing') throw notFound('File')
  if (read.kind === 'altered')
    throw new AppError('INTERNAL', 'This file cannot be shown: it failed its integrity check. The portal team has been alerted.')
  return read.bytes
}

/**
 * A confirmed file's bytes, to whoever may see the business it belongs to; 404 for everyone else. Every read is
 * logged as a view of personal data (who, whose, why, when) before the bytes are answered.
 */
export async function readFile(options: {
  db: Database
  actor: Actor
  fileId: string
  purpose?: string
  requestId?: string
}): Promise<FileDownload> {
  const { db, actor, fileId } = options
  const [file] = await db.select().from(files).where(eq(files.id, fileId))
  if (!file || file.status !== 'CONFIRMED' || !canReadFile(actor, file)) throw notFound('File')
  const bytes = await readVerifiedBytes(file)
  await recordPersonalDataView(db, actor, {
    businessId: file.businessId,
    subjectKind: 'FILE',
    subjectId: file.id,
    detail: file.purpose,
    purpose: options.purpose,
    requestId: options.requestId,
  })
  return { bytes, fileName: sanitiseFileName(file.fileName), contentType: file.contentType }
}
