/**
 * Upload vocabulary shared by the server, the API contract and the browser. No zod and no I/O here: browser code
 * (components/ui/uploader) imports this module at runtime.
 */

/** What an uploaded file is for (docs/domain.md#uploads). */
export const UPLOAD_PURPOSES = [
  'KYC_DOCUMENT',
  'MEANS_OF_ID',
  'ADDRESS_DOC',
  'PASSPORT_PHOTO',
  'PRODUCT_REQUIREMENT',
  'GOVERNMENT_DOCUMENT',
  'SUPPORT_ATTACHMENT',
] as const
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number]

/** Purposes whose files belong to a business: the upload slot needs the business id and access to it. */
export const BUSINESS_UPLOAD_PURPOSES: readonly UploadPurpose[] = [
  'KYC_DOCUMENT',
  'MEANS_OF_ID',
  'ADDRESS_DOC',
  'PASSPORT_PHOTO',
  'PRODUCT_REQUIREMENT',
]

export function isBusinessUploadPurpose(purpose: UploadPurpose): boolean {
  return BUSINESS_UPLOAD_PURPOSES.includes(purpose)
}

/** The content types a stored file can have (checked by magic bytes on the server). */
export const ALLOWED_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'application/pdf'] as const
export type AllowedUploadType = (typeof ALLOWED_UPLOAD_TYPES)[number]

/** What a browser may declare: `image/jpg` is a common non-standard spelling of JPEG. */
export const DECLARABLE_UPLOAD_TYPES = [...ALLOWED_UPLOAD_TYPES, 'image/jpg'] as const

/** File name endings that go with the allowed types (for the file picker's `accept` and for empty browser types). */
export const ALLOWED_UPLOAD_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.pdf'] as const

/** `accept` attribute of the file input. */
export const UPLOAD_ACCEPT = [...ALLOWED_UPLOAD_TYPES, ...ALLOWED_UPLOAD_EXTENSIONS].join(',')

/** The declared type normalised to one of the allowed types, or null when it is none of them. */
export function normaliseDeclaredType(contentType: string): AllowedUploadType | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'image/jpg' || type === 'image/pjpeg') return 'image/jpeg'
  return (ALLOWED_UPLOAD_TYPES as readonly string[]).includes(type) ? (type as AllowedUploadType) : null
}

/** A type for a picked file: the browser's type, or one guessed from the name when the browser gave none. */
export function declaredTypeOf(file: { name: string; type: string }): string {
  if (file.type) return file.type
  const name = file.name.toLowerCase()
  if (name.endsWith('.pdf')) return 'application/pdf'
  if (name.endsWith('.png')) return 'image/png'
  if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return 'image/jpeg'
  return 'application/octet-stream'
}

/** A confirmed upload as the browser sees it (the `onUploaded` value of the Uploader). */
export interface UploadedFile {
  id: string
  fileName: string
  contentType: string
  sizeBytes: number
}

/** A confirmed file as other APIs return it; `url` streams it (`GET /api/v1/files/{id}`). */
export interface FileSummary extends UploadedFile {
  url: string
}

/** `GET /files/upload-limits`. */
export interface UploadLimits {
  maxBytes: number
  allowedTypes: string[]
}

/** `POST /files/upload-url` answer. */
export interface UploadSlot {
  fileId: string
  uploadUrl: string
  blobUrl: string
  expiresAt: string
}

/** Spec section 8: the message for any failed upload. */
export const UPLOAD_FAILED_MESSAGE = 'Failed to upload, network error please try again later.'

/** "5 MB", "1.5 MB", "512 KB": the limit as people read it. */
export function formatBytes(bytes: number): string {
  const MB = 1024 * 1024
  if (bytes >= MB) return `${trimNumber(bytes / MB)} MB`
  if (bytes >= 1024) return `${trimNumber(bytes / 1024)} KB`
  return `${bytes} bytes`
}

function trimNumber(value: number): string {
  return String(Math.round(value * 10) / 10)
}

/** The uploader's hint, e.g. "PNG, JPEG or PDF, up to 5 MB". */
export function describeUploadLimit(maxBytes: number): string {
  return `PNG, JPEG or PDF, up to ${formatBytes(maxBytes)}`
}

export function unsupportedTypeMessage(): string {
  return 'Only PNG, JPEG or PDF files can be uploaded'
}

export function tooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${formatBytes(maxBytes)}`
}

/** The client-side check before an upload (the server checks again, by content): a message, or null when fine. */
export function checkUploadCandidate(file: { name: string; type: string; size: number }, maxBytes: number): string | null {
  if (!normaliseDeclaredType(declaredTypeOf(file))) return unsupportedTypeMessage()
  if (file.size === 0) return 'The file is empty'
  if (file.size > maxBytes) return tooLargeMessage(maxBytes)
  return null
}
