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
