import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/http'
import { LOOKUP_STALE_TIME } from '@/lib/query/client'
import type { ArchivedBusiness, Business, BusinessSummary, Page, ProductOption, ReferenceItem } from './types'

/** Query strings as the API reads them (`archiveStatus` may repeat), in a stable order for the cache key. */
export type ApiQuery = Array<[string, string]>

export const toSearchParams = (query: ApiQuery) => new URLSearchParams(query)

/**
 * The staff business screens' query keys, generic to specific: `['admin-businesses', 'list', query]`,
 * `['admin-businesses', 'archived', query]`, `['admin-businesses', 'summary', query]`, reference lists under
 * `['admin-businesses', 'reference']`.
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
  summary: (query: ApiQuery) =>
    queryOptions({
      queryKey: [...adminBusinessQueries.all(), 'summary', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessSummary>('/reports/businesses/summary', { params: toSearchParams(query), signal })).data,
    }),

  reference: () => [...adminBusinessQueries.all(), 'reference'] as const,
  types: () =>
    queryOptions({
      queryKey: [...adminBusinessQueries.reference(), 'types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...adminBusinessQueries.reference(), 'categories'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-categories', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  /** The offered products, for the product filter (businesses holding one). */
  products: () =>
    queryOptions({
      queryKey: [...adminBusinessQueries.reference(), 'products'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<ProductOption>>('/products', { params: { pageSize: 100 }, signal })).data.content,
      staleTime: 5 * 60 * 1000,
    }),
}
