import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ZodError } from 'zod'
import type { ApiError, ErrorBody, ErrorCode } from '@/lib/contracts/errors'
import { AppError } from './app-error'
import type { AppEnv } from './context'

export const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  STEP_UP_REQUIRED: 401,
  FACTOR_ENROLMENT_REQUIRED: 403,
  FORBIDDEN: 403,
  FOUR_EYES: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_STATE: 409,
  PRECONDITION_FAILED: 409,
  RISK_PROHIBITED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MALWARE_FOUND: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  /** An outside service (the CRM) failed or answered nonsense: the message names it. */
  UPSTREAM_FAILED: 502,
  SCANNER_UNAVAILABLE: 503,
}

export function errorBody(errors: ApiError[]): ErrorBody {
  return { errors }
}

export function respondWithError(c: Context<AppEnv>, code: ErrorCode, errors: ApiError[]) {
  return c.json(errorBody(errors), STATUS_BY_CODE[code])
}

/** One entry per failing field; `field` is the dotted path (`address.state`, `items.0.name`). */
export function validationErrors(error: ZodError, target?: string): ApiError[] {
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.')
    return {
      code: 'VALIDATION_FAILED' as const,
      message: issue.message,
      ...(path ? { field: path } : target && target !== 'json' ? { field: target } : {}),
    }
  })
}

/** The app's onError: known errors keep their code; anything else is a 500 with nothing internal in it. */
export function handleError(error: Error, c: Context<AppEnv>) {
  if (error instanceof AppError) {
    if (error.retryAfterSeconds !== undefined) c.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))))
    return respondWithError(c, error.code, error.details)
  }
  if (error instanceof HTTPException && error.status < 500) return httpExceptionResponse(error, c)
  if (isConcurrencyAbort(error)) {
    c.get('logger').warn({ err: error }, 'transaction aborted by a concurrent one')
    return respondWithError(c, 'CONFLICT', [
      { code: 'CONFLICT', message: 'Someone else changed this at the same moment: reload and try again' },
    ])
  }
  c.get('logger').error({ err: error }, 'unhandled error')
  return respondWithError(c, 'INTERNAL', [
    {
      code: 'INTERNAL',
      message: `Something went wrong on our side. Quote request id ${c.get('requestId')} if you contact support.`,
    },
  ])
}

/** PostgreSQL gave up one of two transactions that waited on each other (deadlock, serialization failure). */
function isConcurrencyAbort(error: Error): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code
    if (code === '40P01' || code === '40001') return true
  }
  return false
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

/**
 * Hono and @hono/zod-openapi throw HTTPException for transport problems (a body that is not JSON, a Content-Type the
 * call does not take); each keeps its own status and gets the catalogue's error body.
 */
function httpExceptionResponse(error: HTTPException, c: Context<AppEnv>) {
  if (error.status === 404) return notFoundResponse(c)
  const code = CODE_BY_STATUS[error.status] ?? 'VALIDATION_FAILED'
  const contentType = c.req.header('content-type')
  const message =
    error.status === 400 && /malformed json/i.test(error.message)
      ? Number(c.req.header('content-length')) > 0
        ? 'Request body is not valid JSON'
        : 'Request body is empty: send a JSON object'
      : error.status === 415
        ? `Content-Type ${contentType ? `"${contentType}"` : '(none)'} is not accepted here: send the body as application/json`
        : error.status === 401
          ? 'Sign in to continue'
          : error.status === 403
            ? 'You do not have permission to do this'
            : error.status === 413
              ? 'Request body is too large'
              : error.message || 'Bad request'
  const field = error.status === 400 || error.status === 413 || error.status === 415 ? 'body' : undefined
  return c.json(errorBody([{ code, message, ...(field ? { field } : {}) }]), error.status as ContentfulStatusCode)
}

export function notFoundResponse(c: Context<AppEnv>) {
  return respondWithError(c, 'ROUTE_NOT_FOUND', [
    { code: 'ROUTE_NOT_FOUND', message: `No such call: ${c.req.method} ${new URL(c.req.url).pathname}` },
  ])
}
