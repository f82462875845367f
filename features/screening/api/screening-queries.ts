import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { BusinessScreening, ScreeningLists, ScreeningQueueItem } from '@/lib/contracts/screening'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

/** The queue's filters, as in the URL (`paths.admin.screening`). */
export interface ScreeningQueueFilters {
  status: 'OPEN' | 'FALSE_MATCH' | 'TRUE_MATCH'
  list?: string
  q?: string
  /** OPEN candidates by due time (docs/service-levels.md#due-times). */
  due?: string
  /** `createdAt` or `dueAt`, with `,asc` or `,desc`; oldest first by default. */
  sort?: string
  pageNumber: number
  pageSize: number
}

export interface ScreeningSettings {
  matchThreshold: number
  defaultThreshold: number
}

/** Screening's reads (docs/screening.md#screens): `['screening', …]`, generic to specific. */
export const screeningQueries = {
  all: () => ['screening'] as const,
  /** A business's checks, hits and entries (staff with CAN_READ_SCREENING). */
  business: (businessId: string) =>
    queryOptions({
      queryKey: [...screeningQueries.all(), 'business', businessId] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<BusinessScreening>(apiPath`/businesses/${businessId}/screening`, { signal })).data,
    }),
  queue: (filters: ScreeningQueueFilters) =>
    queryOptions({
      queryKey: [...screeningQueries.all(), 'queue', filters] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<ScreeningQueueItem>>('/screening/hits', { params: filters, signal })).data,
    }),
  lists: () =>
    queryOptions({
      queryKey: [...screeningQueries.all(), 'lists'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ScreeningLists>('/screening/lists', { signal })).data,
    }),
  settings: () =>
    queryOptions({
      queryKey: [...screeningQueries.all(), 'settings'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ScreeningSettings>('/screening/settings', { signal })).data,
    }),
}
