/**
 * lib/http: the portal's HTTP client for the business API. Browser code; imports no UI. Details live in
 * each module: client.ts (instance, uploads, downloads), interceptors.ts (spec section 8), refresh.ts (token
 * refresh), events.ts (what the shell listens to), errors.ts (reading error bodies).
 */
export { applyApiErrors } from './apply-api-errors'
export {
  apiClient,
  apiClientDefaults,
  createApiClient,
  DEFAULT_TIMEOUT_MS,
  downloadRequest,
  isSameOriginRequest,
  NO_TIMEOUT,
  uploadRequest,
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
} from './client'
export { downloadFile } from './download-file'
export {
  describeError,
  fieldErrors,
  firstErrorMessage,
  GENERIC_ERROR_MESSAGE,
  getApiErrors,
  getHttpStatus,
  hasErrorCode,
  isErrorBody,
  isNetworkError,
  isTimeoutError,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_MESSAGE,
  type ApiError,
  type ErrorBody,
  type ErrorCode,
} from './errors'
export {
  createEmitter,
  httpEvents,
  type Emitter,
  type EventMap,
  type HttpEvents,
  type Listener,
  type NavigateEvent,
  type NavigateReason,
  type SessionExpiredEvent,
  type ToastEvent,
  type ToastType,
  type TokenRefreshedEvent,
} from './events'
export {
  ACCOUNT_REDIRECT_DELAY_MS,
  errorToastId,
  SESSION_EXPIRED_DEDUPE_MS,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_TOAST_ID,
} from './interceptors'
export { decodeJwtPayload, getTokenExpiry, msUntilExpiry } from './jwt'
export { REFRESH_THRESHOLD_MS, refreshAccessToken, shouldRefreshToken } from './refresh'
