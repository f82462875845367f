/**
 * Reading failures of the business API. Every non-2xx answer has the body `{ errors: [{ code, message, field? }] }`
 * (docs/api.md#errors; lib/contracts/errors.ts).
 */
import type { ApiError, ErrorBody, ErrorCode } from '@/lib/contracts/errors'
import { isAxiosError, isCancel } from './axios-guards'

export type { ApiError, ErrorBody, ErrorCode } from '@/lib/contracts/errors'

function isApiError(value: unknown): value is ApiError {
  if (typeof value !== 'object' || value === null) return false
  const { code, message } = value as Record<string, unknown>
  return typeof message === 'string' && (code === undefined || typeof code === 'string')
}

/**
 * True when `data` is an error body: an object whose `errors` is a non-empty list whose first entry has a string
 * `message`. Lenient on purpose (an unknown `code` still counts) so a message from any server is shown.
 */
export function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null) return false
  const errors = (data as Record<string, unknown>).errors
  return Array.isArray(errors) && errors.length > 0 && isApiError(errors[0])
}

/** The response body of a failed axios call (or the body itself when given one), else undefined. */
function bodyOf(error: unknown): unknown {
  if (isAxiosError(error)) return error.response?.data
  return error
}

/** The entries of the error body carried by `error` (an axios error or a body); an empty list when there is none. */
export function getApiErrors(error: unknown): ApiError[] {
  const data = bodyOf(error)
  if (!isErrorBody(data)) return []
  return data.errors.filter(isApiError)
}

/** The first error's message (what the HTTP layer toasts), or undefined when the failure carried no error body. */
export function firstErrorMessage(error: unknown): string | undefined {
  return getApiErrors(error)[0]?.message
}

/** The errors that name a field, as `{ [field]: message }` (the first message per field), for form screens. */
export function fieldErrors(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of getApiErrors(error)) {
    if (entry.field && !(entry.field in out)) out[entry.field] = entry.message
  }
  return out
}

/** True when the API answered with this error code (in any entry). */
export function hasErrorCode(error: unknown, code: ErrorCode): boolean {
  return getApiErrors(error).some((entry) => entry.code === code)
}

/** The HTTP status of a failed axios call, or undefined when no answer came (network error, timeout, cancel). */
export function getHttpStatus(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined
}

/** True for an axios failure with no answer that was not cancelled: offline, DNS, CORS, connection reset, timeout. */
export function isNetworkError(error: unknown): boolean {
  return isAxiosError(error) && !error.response && !isCancel(error)
}

/** True when the call ended because it exceeded its timeout (30 s for ordinary calls). */
export function isTimeoutError(error: unknown): boolean {
  return isAxiosError(error) && (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') && !error.response
}

export const TIMEOUT_MESSAGE = 'The server took too long to answer. Please try again.'
export const NETWORK_ERROR_MESSAGE = 'We could not reach the server. Check your connection and try again.'
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.'

/**
 * A sentence for a screen's own error state: the API's first message, else a timeout or network sentence, else
 * `fallback`. (The HTTP layer toasts nothing for network errors; screens show this instead.)
 */
export function describeError(error: unknown, fallback: string = GENERIC_ERROR_MESSAGE): string {
  const message = firstErrorMessage(error)
  if (message) return message
  if (isTimeoutError(error)) return TIMEOUT_MESSAGE
  if (isNetworkError(error)) return NETWORK_ERROR_MESSAGE
  return fallback
}
