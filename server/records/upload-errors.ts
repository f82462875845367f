import { formatBytes, unsupportedTypeMessage } from '@/lib/contracts/file-types'
import { AppError } from '@/server/http/app-error'

export function fileTooLarge(maxBytes: number, field?: string): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${formatBytes(maxBytes)}`, { field })
}

export function unsupportedContent(field?: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', `${unsupportedTypeMessage()}; the content of this file is not one of them`, {
    field,
  })
}

export function malwareFound(fileName: string, signature: string, field?: string): AppError {
  return new AppError(
    'MALWARE_FOUND',
    `${fileName} was refused: the virus scanner found malware in it (${signature}). It has been deleted; upload a clean copy.`,
    { field },
  )
}

/** `kept`: the upload stays unconfirmed and can be confirmed again; otherwise nothing of it was saved. */
export function scannerUnavailable(fileName: string, options: { kept: boolean; field?: string }): AppError {
  const next = options.kept
    ? 'It is kept but not accepted yet: try again in a few minutes.'
    : 'Nothing was saved: try again in a few minutes.'
  return new AppError(
    'SCANNER_UNAVAILABLE',
    `${fileName} could not be scanned for viruses: the scanner is not answering. ${next}`,
    {
      field: options.field,
      retryAfterSeconds: 60,
    },
  )
}
