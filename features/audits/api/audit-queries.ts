import { queryOptions } from '@tanstack/react-query'
import type { AuditListQuery, AuditRecord } from '@/lib/contracts/audits'
import type { Page } from '@/lib/contracts/pagination'
import { apiClient } from '@/lib/http/lazy-client'

/** The list's query as the screen sends it: `sort` as written in the URL (`action,desc`). */
export type AuditSearch = Omit<AuditListQuery, 'recentFirst' | 'sort'> & { sort?: string }
export type AuditActor = { id: string; email: string | null; name: string | null }

/** The audit log viewer's reads: `['audits', …]`. */
export const auditQueries = {
  all: () => ['audits'] as const,
  list: (query: AuditSearch) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'list', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<AuditRecord>>('/audits', { params: query, signal })).data,
    }),
  resources: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'resources'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<string[]>('/audits/resources', { signal })).data,
      staleTime: 60 * 1000,
    }),
  actors: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'actors'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<AuditActor[]>('/audits/actors', { signal })).data,
      staleTime: 60 * 1000,
    }),
}
