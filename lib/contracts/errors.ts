import { z } from 'zod'

/** The error codes of docs/api.md#errors; the server maps each to its HTTP status in server/http/errors.ts. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  /** 401: the action needs a second factor used within the last 5 minutes (docs/security.md#step-up). */
  'STEP_UP_REQUIRED',
  /** 403: this session may only enrol a second factor until it has one. */
  'FACTOR_ENROLMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'FOUR_EYES',
  'CONFLICT',
  'INVALID_STATE',
  'PRECONDITION_FAILED',
  /** 409: the business's risk tier is PROHIBITED (a true sanctions match): it can never be approved (docs/risk.md#tiers). */
  'RISK_PROHIBITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  /** 422: the virus scanner found malware in an upload; the file was deleted. */
  'MALWARE_FOUND',
  'RATE_LIMITED',
  'INTERNAL',
  'UPSTREAM_FAILED',
  /** 503: the virus scanner did not answer; the upload stays unconfirmed, to be confirmed again later. */
  'SCANNER_UNAVAILABLE',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

export const apiErrorSchema = z
  .object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    field: z.string().optional(),
    /** A 403's machine field: the permission codes the caller lacks (any one of them would do); the message says it in words. */
    permissions: z.array(z.string()).optional(),
  })
  .meta({ id: 'ApiError' })

export const errorBodySchema = z.object({ errors: z.array(apiErrorSchema).min(1) }).meta({ id: 'ErrorBody' })

export type ApiError = z.infer<typeof apiErrorSchema>
export type ErrorBody = z.infer<typeof errorBodySchema>
