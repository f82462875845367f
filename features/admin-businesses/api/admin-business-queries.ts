import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/http/lazy-client'
import { productReads } from '@/lib/query/shared-queries'
import type { ArchivedBusiness, Business, Page, ProductOption } from './types'

/** Query strings as the API reads them (`archiveStatus` may repeat), in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>

export const toSearchParams = (query: ApiQuery) => new URLSearchParams(query)

/** The product filter's choices: the first 100 of the public catalogue. */
export const PRODUCT_OPTIONS_QUERY = { pageNumber: 1, pageSize: 100 } as const

/**
 * The staff business screens' query keys, generic to specific: `['admin-businesses', 'list', query]`,
 * `['admin-businesses', 'archived', query]`. The summary counts, the reference lists and the product catalogue are
 * shared reads (lib/query/shared-queries.ts).
 */
export const adminBusinessQueries = {
  all: () => ['admin-businesses'] as const,
  lists: () => [...adminBusinessQueries.all(), 'list'] as const,
  list: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...adminBusinessQueries.lists(), query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<Business>>('/businesses', { params: toSearchParams(query), signal })).data,
    }),
  archived: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...adminBusinessQueries.lists(), 'archived', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<ArchivedBusiness>>('/archive/businesses', { params: toSearchParams(query), signal })).data,
    }),

  /** The offered products for the product filter (businesses holding one): the first 100 of the public catalogue. */
  productOptions: () =>
    queryOptions({
      ...productReads.catalogue({ ...PRODUCT_OPTIONS_QUERY }),
      select: (page): ProductOption[] => page.content,
      staleTime: 5 * 60 * 1000,
    }),
}
