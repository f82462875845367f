import { queryOptions } from '@tanstack/react-query'
import type { Page } from '@/lib/contracts/pagination'
import type { Queue } from '@/lib/contracts/service-level-values'
import type { Assignee, Availability, Escalation, Holiday, ServiceLevel } from '@/lib/contracts/service-levels'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

export interface EscalationParams {
  pageNumber: number
  pageSize: number
  queue?: Queue
  open?: 'true' | 'false'
}

/** Service levels, escalations and assignment (docs/service-levels.md): `['service-levels', …]`. */
export const serviceLevelQueries = {
  all: () => ['service-levels'] as const,
  /** `GET /service-levels`: every queue's target, auto-assignment and the change waiting for approval. */
  levels: () =>
    queryOptions({
      queryKey: [...serviceLevelQueries.all(), 'levels'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<ServiceLevel[]>('/service-levels', { signal })).data,
    }),
  /** `GET /service-levels/holidays?year=`: the year's public holidays and the ones staff added, by day. */
  holidays: (year: number) =>
    queryOptions({
      queryKey: [...serviceLevelQueries.all(), 'holidays', year] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Holiday[]>('/service-levels/holidays', { params: { year }, signal })).data,
    }),
  escalations: (query: EscalationParams) =>
    queryOptions({
      queryKey: [...serviceLevelQueries.all(), 'escalations', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<Escalation>>('/escalations', { params: query, signal })).data,
    }),
  assignees: (queue: Queue) =>
    queryOptions({
      queryKey: [...serviceLevelQueries.all(), 'assignees', queue] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Assignee[]>(apiPath`/queues/${queue}/assignees`, { signal })).data,
    }),
  availability: () =>
    queryOptions({
      queryKey: [...serviceLevelQueries.all(), 'availability'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Availability>('/service-levels/availability', { signal })).data,
    }),
}
