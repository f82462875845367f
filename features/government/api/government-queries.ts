import { queryOptions } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import type {
  Consultant,
  GovernmentEntity,
  GovernmentEntityDetails,
  GovernmentEntityListFilters,
  GovernmentKycType,
  Page,
  Parastatal,
  PaymentChannel,
  RepresentativeKyc,
} from './types'

/**
 * The government screens' query keys, generic to specific: `['government', 'entities', query]`,
 * `['government', 'entity', id]`, `['government', 'rep-kyc', id, type]`, `['government', 'reference', …]`.
 */
export const governmentQueries = {
  all: () => ['government'] as const,
  lists: () => [...governmentQueries.all(), 'entities'] as const,
  /** `GET /government` (active, or archived with `archiveStatus=ARCHIVED`). */
  entities: (query: GovernmentEntityListFilters) =>
    queryOptions({
      queryKey: [...governmentQueries.lists(), query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<GovernmentEntity>>('/government', { params: query, signal })).data,
    }),
  /** `GET /government/{id}`: the entity with its representatives, documents and products. */
  entity: (id: string) =>
    queryOptions({
      queryKey: [...governmentQueries.all(), 'entity', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<GovernmentEntityDetails>(apiPath`/government/${id}`, { signal })).data,
    }),
  /** `GET /government/rep/{id}/kyc-type/{type}`. */
  representativeKyc: (id: string, type: GovernmentKycType) =>
    queryOptions({
      queryKey: [...governmentQueries.all(), 'rep-kyc', id, type] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<RepresentativeKyc>(apiPath`/government/rep/${id}/kyc-type/${type}`, { signal })).data,
    }),
  parastatals: () =>
    queryOptions({
      queryKey: [...governmentQueries.all(), 'reference', 'parastatals'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Parastatal[]>('/government/parastatals', { signal })).data,
      staleTime: 5 * 60_000,
    }),
  consultants: () =>
    queryOptions({
      queryKey: [...governmentQueries.all(), 'reference', 'consultants'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Consultant[]>('/government/consultants', { signal })).data,
      staleTime: 5 * 60_000,
    }),
  paymentChannels: () =>
    queryOptions({
      queryKey: [...governmentQueries.all(), 'reference', 'payment-channels'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<PaymentChannel[]>('/payment-channels', { signal })).data,
      staleTime: 5 * 60_000,
    }),
}
