import { queryOptions } from '@tanstack/react-query'
import { apiClient } from '@/lib/http'
import type { PersonalDataViewRecord } from '@/lib/contracts/data-views'
import type { Deferral } from '@/lib/contracts/deferrals'
import type { BusinessProduct } from '@/lib/contracts/onboarding'
import type { Outstanding } from '@/lib/contracts/outstanding'
import { LOOKUP_STALE_TIME } from '@/lib/query/client'
import type {
  AccessRequest,
  Business,
  BusinessUser,
  Division,
  ExistingProfileAnswer,
  MyBusiness,
  Page,
  ProductSummary,
  ReferenceItem,
} from './types'

export interface BusinessUsersQuery {
  pageNumber: number
  pageSize: number
  searchKey?: string
}

const segment = (value: string) => encodeURIComponent(value)

/** Availability checks answer while the user types: a failure says nothing (no toast), the form simply cannot tell. */
const quietly = { silent: true } as const

/**
 * The businesses feature's query keys and options, from generic to specific:
 * `['businesses']` → `['businesses', 'mine', searchKey]` / `['businesses', 'detail', id]` →
 * `['businesses', 'detail', id, 'users', query]`…; reference lists live under `['businesses', 'reference']`.
 */
export const businessQueries = {
  all: () => ['businesses'] as const,

  /** The signed-in user's businesses; a search key uses the searchable endpoint (name or registration number). */
  mine: (searchKey = '') =>
    queryOptions({
      queryKey: [...businessQueries.all(), 'mine', searchKey] as const,
      queryFn: async ({ signal }) =>
        searchKey
          ? (await apiClient.get<MyBusiness[]>('/businesses/searchable-user-businesses/me', { params: { searchKey }, signal }))
              .data
          : (await apiClient.get<MyBusiness[]>('/businesses/user-businesses/me', { signal })).data,
    }),

  details: () => [...businessQueries.all(), 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Business>(`/businesses/${segment(id)}`, { signal })).data,
    }),
  products: (id: string) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'products'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessProduct[]>(`/businesses/${segment(id)}/products`, { signal })).data,
    }),
  /** KYC progress per step and what the business still has to do (the server's rules; most pressing first). */
  outstanding: (id: string) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'outstanding'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Outstanding>(`/businesses/${segment(id)}/outstanding`, { signal })).data,
    }),
  /**
   * A page of the business's deferral requests. Keyed as the deferrals feature keys the same call (`['deferrals', …]`),
   * so an upload or a request made there refreshes it here too.
   */
  deferrals: (id: string, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: ['deferrals', 'business', id, page] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<Deferral>>(`/deferrals/business-deferrals/${segment(id)}`, { params: page, signal })).data,
    }),
  /** Which staff opened the business's documents and people's records (GET /businesses/{id}/data-views). */
  dataViews: (id: string, page: { pageNumber: number; pageSize: number }) =>
    queryOptions({
      queryKey: [...businessQueries.details(), id, 'data-views', page] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<PersonalDataViewRecord>>(`/businesses/${segment(id)}/data-views`, { params: page, signal }))
          .data,
    }),
  usersOf: (id: string) => [...businessQueries.details(), id, 'users'] as const,
  users: (id: string, query: BusinessUsersQuery) =>
    queryOptions({
      queryKey: [...businessQueries.usersOf(id), query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<BusinessUser>>(`/businesses/${segment(id)}/users`, { params: query, signal })).data,
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
            `/businesses/check/${kind === 'regNo' ? 'reg-no' : 'business-name'}/${segment(value)}`,
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

  reference: () => [...businessQueries.all(), 'reference'] as const,
  types: () =>
    queryOptions({
      queryKey: [...businessQueries.reference(), 'types'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-types', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  categories: () =>
    queryOptions({
      queryKey: [...businessQueries.reference(), 'categories'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ReferenceItem[]>('/business-categories', { signal })).data,
      staleTime: LOOKUP_STALE_TIME,
    }),
  divisions: () =>
    queryOptions({
      queryKey: [...businessQueries.reference(), 'divisions'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Division[]>('/business-divisions', { signal })).data,
    }),
  divisionProducts: (divisionId: string) =>
    queryOptions({
      queryKey: [...businessQueries.reference(), 'divisions', divisionId, 'products'] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<ProductSummary[]>(`/business-divisions/${segment(divisionId)}/products`, { signal })).data,
    }),
}
