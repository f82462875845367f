import { queryOptions } from '@tanstack/react-query'
import type {
  AuthorizationDetail,
  AuthorizationListParams,
  AuthorizationRowItem,
  PermissionList,
  RoleListQuery,
  RoleRecord,
  StaffUser,
  StaffUserListParams,
} from '@/lib/contracts/authorizations'
import type { Page } from '@/lib/contracts/pagination'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'

/** Staff roles, permissions, staff users and the authorizations that change them (docs/domain.md#authorizations). */
export const authorizationQueries = {
  all: () => ['authorizations'] as const,
  permissions: () =>
    queryOptions({
      queryKey: [...authorizationQueries.all(), 'permissions'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<PermissionList>('/permissions', { signal })).data,
      staleTime: 10 * 60_000,
    }),
  roles: (query: RoleListQuery) =>
    queryOptions({
      queryKey: [...authorizationQueries.all(), 'roles', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<RoleRecord[]>('/roles', { params: query, signal })).data,
    }),
  users: (query: StaffUserListParams) =>
    queryOptions({
      queryKey: [...authorizationQueries.all(), 'users', query] as const,
      queryFn: async ({ signal }) => (await apiClient.get<Page<StaffUser>>('/users', { params: query, signal })).data,
    }),
  list: (query: AuthorizationListParams) =>
    queryOptions({
      queryKey: [...authorizationQueries.all(), 'list', query] as const,
      queryFn: async ({ signal }) =>
        (await apiClient.get<Page<AuthorizationRowItem>>('/authorizations/v2', { params: query, signal })).data,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...authorizationQueries.all(), 'detail', id] as const,
      queryFn: async ({ signal }) => (await apiClient.get<AuthorizationDetail>(apiPath`/authorizations/${id}`, { signal })).data,
    }),
}
