import { useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  AuthorizationDecisionInput,
  AuthorizationDetail,
  RoleCreateInput,
  RoleUpdateInput,
  StaffUserCreateInput,
  StaffUserUpdateInput,
} from '@/lib/contracts/authorizations'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationQueries } from './authorization-queries'

/** Every request answers 202 with the PENDING authorization; lists show the pending marker, so all keys refresh. */
function useAuthorizationMutation<T>(call: (input: T) => Promise<AuthorizationDetail>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: authorizationQueries.all() }),
  })
}

export const useRequestRole = () =>
  useAuthorizationMutation(async (input: RoleCreateInput) => (await apiClient.post<AuthorizationDetail>('/roles', input)).data)

export const useRequestRoleChange = () =>
  useAuthorizationMutation(
    async ({ id, reason, input }: { id: string; reason: string; input: RoleUpdateInput }) =>
      (await apiClient.put<AuthorizationDetail>(apiPath`/roles/${id}`, input, { params: { reason } })).data,
  )

export const useRequestStaffUser = () =>
  useAuthorizationMutation(
    async (input: StaffUserCreateInput) => (await apiClient.post<AuthorizationDetail>('/users', input)).data,
  )

export const useRequestStaffUserChange = () =>
  useAuthorizationMutation(
    async ({ id, reason, input }: { id: string; reason: string; input: StaffUserUpdateInput }) =>
      (await apiClient.put<AuthorizationDetail>(apiPath`/users/${id}`, input, { params: { reason } })).data,
  )

export const useDecideAuthorization = (id: string) =>
  useAuthorizationMutation(
    async (input: AuthorizationDecisionInput) =>
      (await apiClient.put<AuthorizationDetail>(apiPath`/authorizations/${id}`, input)).data,
  )
