/**
 * The React Query defaults of spec section 9 and the query rows of section 8.
 *
 * - Cache lifetime (`gcTime`) 5 minutes; no refetch on window focus.
 * - Queries: an answer with status 500 or above is retried up to 3 times, waiting 1 s, 2 s, 4 s (doubling, capped at
 *   30 s). A call that got no answer at all (`ERR_NETWORK`: offline, DNS, connection reset) is retried the same
 *   way: it is the most transient failure there is, and React Query already pauses while the browser is offline.
 *   A timeout is not retried (the user has already waited 30 s), nor a cancelled call, any 4xx, or an error that is
 *   not an HTTP failure (e.g. a response that fails its schema: retrying gives the same result).
 * - A 403 on a query emits an error toast 'Unauthorized access is denied.' with toastId `forbidden` (one toast
 *   however many queries fail) and is not retried. The HTTP layer has already toasted the body's own message, as
 *   spec section 8 asks for every error body.
 * - Mutations are never retried.
 */
import {
  QueryCache,
  QueryClient,
  queryOptions,
  type DefaultError,
  type QueryClientConfig,
  type QueryKey,
  type UndefinedInitialDataOptions,
} from '@tanstack/react-query'
import { isAxiosError, isCancel } from '@/lib/http/axios-guards'
import { httpEvents } from '@/lib/http/events'
import { refetchUnlessJustSeeded } from './page-answers'

/** General query cache lifetime: 5 minutes. */
export const QUERY_GC_TIME = 5 * 60 * 1000
/** Categories, business types and countries stay fresh 8 hours. */
export const LOOKUP_STALE_TIME = 28_800_000
/** Retries of a query failing with status 500 or above. */
export const MAX_QUERY_RETRIES = 3
/** Back-off starts at 1 second and doubles, never above 30 seconds. */
export const RETRY_BASE_DELAY_MS = 1000
export const MAX_RETRY_DELAY_MS = 30_000

export const FORBIDDEN_MESSAGE = 'Unauthorized access is denied.'
export const FORBIDDEN_TOAST_ID = 'forbidden'

function statusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined
}

/** True when a query failure may succeed on a second try: status >= 500, or no answer (not a timeout or cancel). */
export function isRetryableError(error: unknown): boolean {
  if (!isAxiosError(error) || isCancel(error)) return false
  const status = error.response?.status
  if (status !== undefined) return status >= 500
  return error.code === 'ERR_NETWORK'
}

/**
 * The queries' `retry`: React Query calls it after each failure with the number of failures before this one
 * (0 after the first), so answering `failureCount < 3` allows 3 retries (4 attempts).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isRetryableError(error)
}

/** The queries' `retryDelay`: 1 s, 2 s, 4 s, ... capped at 30 s (`failureCount` counts from 0 as for `retry`). */
export function queryRetryDelay(failureCount: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** Math.max(0, failureCount), MAX_RETRY_DELAY_MS)
}

/** The QueryCache `onError`: a 403 on a query emits the `forbidden` toast. */
export function handleQueryError(error: unknown): void {
  if (statusOf(error) === 403) {
    httpEvents.emit('toast', { type: 'error', message: FORBIDDEN_MESSAGE, toastId: FORBIDDEN_TOAST_ID })
  }
}

/** The portal's default options (without the caches, which `createQueryClient` adds). */
export const queryClientDefaults = {
  queries: {
    gcTime: QUERY_GC_TIME,
    refetchOnWindowFocus: false,
    refetchOnMount: refetchUnlessJustSeeded,
    retry: shouldRetryQuery,
    retryDelay: queryRetryDelay,
  },
  mutations: {
    retry: false,
  },
} satisfies NonNullable<QueryClientConfig['defaultOptions']>

/**
 * A QueryClient with the portal's defaults. Make one per app (inside `useState` in `_app`) and one per test.
 * `config` is merged over the defaults (its `defaultOptions.queries` / `.mutations` over ours, key by key); a
 * `queryCache` given in `config` replaces ours, so the 403 toast is then the caller's business.
 */
export function createQueryClient(config: QueryClientConfig = {}): QueryClient {
  const { defaultOptions, queryCache, ...rest } = config
  return new QueryClient({
    ...rest,
    queryCache: queryCache ?? new QueryCache({ onError: handleQueryError }),
    defaultOptions: {
      ...defaultOptions,
      queries: { ...queryClientDefaults.queries, ...defaultOptions?.queries },
      mutations: { ...queryClientDefaults.mutations, ...defaultOptions?.mutations },
    },
  })
}

/**
 * `queryOptions` for a reference lookup (categories, business types, countries): fresh for 8 hours and kept in the
 * cache as long (with the general 5-minute `gcTime` an unused lookup would be dropped long before it went stale).
 * Options given win over these two.
 *
 * ```ts
 * export const categoriesQuery = () =>
 *   lookupQueryOptions({ queryKey: ['products', 'categories'], queryFn: fetchCategories })
 * ```
 */
export function lookupQueryOptions<
  TQueryFnData = unknown,
  TError = DefaultError,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(options: UndefinedInitialDataOptions<TQueryFnData, TError, TData, TQueryKey>) {
  return queryOptions<TQueryFnData, TError, TData, TQueryKey>({
    staleTime: LOOKUP_STALE_TIME,
    gcTime: LOOKUP_STALE_TIME,
    ...options,
  })
}
