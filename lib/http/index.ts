/**
 * lib/http: the portal's HTTP client for the business API. Browser code; imports no UI. Nothing here imports axios
 * at run time: `apiClient` (lazy-client.ts) loads client.ts, axios and the interceptors on its first call. Tests that
 * need the axios instance itself (`createApiClient`, `apiClient.defaults`) import `@/lib/http/client`. Details live in
 * each module: client.ts (instance, uploads, downloads), interceptors.ts (spec section 8), refresh.ts (token
 * refresh), events.ts (what the shell listens to), errors.ts (reading error bodies).
 */
export { applyApiErrors } from './apply-api-errors'
export { apiClient, downloadRequest, loadClientModule, preloadApiClient, uploadRequest, type ApiClient } from './lazy-client'
export { DEFAULT_TIMEOUT_MS, NO_TIMEOUT } from './timeouts'
export { XSRF_COOKIE_NAME, XSRF_HEADER_NAME } from '@/lib/session/keys'
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
} from './interceptor-constants'
export { decodeJwtPayload, getTokenExpiry, msUntilExpiry } from './jwt'
export { REFRESH_THRESHOLD_MS, refreshAccessToken, shouldRefreshToken } from './refresh'
