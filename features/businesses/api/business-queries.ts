import { queryOptions } from '@tanstack/react-query'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import type { Outstanding } from '@/lib/contracts/outstanding'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessReads } from '@/lib/query/shared-queries'
import type { AccessRequest, BusinessUser, ExistingProfileAnswer, Page, ProductSummary } from './types'

export interface BusinessUsersQuery {
  pageNumber: number
  pageSize: number
  searchKey?: string
}

/** Availability checks answer while the user types: a failure says nothing (no toast), the form simply cannot tell. */
const quietly = { silent: true } as const

/**
 * The businesses feature's own query keys and options, from generic to specific, under the shared business keys
 * (lib/query/shared-queries.ts: the business itself, its products, the user's businesses):
 * `['businesses', 'detail', id]` → `['businesses', 'detail', id, 'users', query]`…
 */
export const businessQueries = {
  all: businessReads.all,
  details: businessReads.details,

  /** KYC progress per step and what the business still has to do (the server's rules; most pressing first). */
  outstanding: (id: string) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'outstanding'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Outstanding>(apiPath`/businesses/${id}/outstanding`, { signal })).data,
    }),
  /** Which staff opened the business's documents and people's records (GET /businesses/{id}/data-views). */
  dataViews: (id: string, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'data-views', page] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<PersonalDataViewRecord>>(apiPath`/businesses/${id}/data-views`, { params: page, signal })).data,
    }),
  usersOf: (id: string) => [...businessQueries.details(), id, 'users'] as const,
  users: (id: string, query: BusinessUsersQuery) =>
    queryOptions({
      queryKey: [...businessQueries.usersOf(id), query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<BusinessUser>>(apiPath`/businesses/${id}/users`, { params: query, signal })).data,
    }),
  accessRequests: (id: string) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'access-requests'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<AccessRequest[]>('/existing-profile/requests', { params: { businessId: id }, signal })).data,
    }),

  /**
   * Is this registration number (normalised, `kind: 'regNo'`) or business name (`kind: 'name'`, case and spaces
   * ignored by the API) taken already?
   */
  taken: (kind: 'regNo' | 'name', value: string) =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'check', kind, value] as const,
      queryFn: async ({ signal }) =>
        (
          await apiClient.get<{ exists: boolean }>(
            apiPath`/businesses/check/${kind === 'regNo' ? 'reg-no' : 'business-name'}/${value}`,
            { signal, ...quietly },
          )
        ).data.exists,
      staleTime: 30_000,
    }),
  /** Does a business with this registration number or e-mail exist? Answers a masked name only. */
  existingProfile: (identifier: string) =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'existing-profile', identifier] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ExistingProfileAnswer>('/existing-profile', { params: { identifier, type: 'business' }, signal }))
          .data,
      staleTime: 0,
    }),

  divisionProducts: (divisionId: string) =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'divisions', divisionId, 'products'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ProductSummary[]>(apiPath`/business-divisions/${divisionId}/products`, { signal })).data,
    }),
}
