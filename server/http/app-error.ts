import type { ApiError, ErrorCode } from '@/lib/contracts/errors'

/** Services throw this; only server/http/errors.ts turns it into a status and body. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: ApiError[]
  /** Sent as Retry-After with RATE_LIMITED. */
  readonly retryAfterSeconds?: number

  constructor(
    code: ErrorCode,
    message: string,
    options: { field?: string; details?: ApiError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.retryAfterSeconds = options.retryAfterSeconds
    this.details = options.details?.length
      ? options.details
      : [{ code, message, ...(options.field ? { field: options.field } : {}) }]
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found`)
