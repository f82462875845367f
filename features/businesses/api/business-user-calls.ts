import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessReads } from '@/lib/query/shared-queries'
import { businessQueries } from './business-queries'
import type { BusinessRoleName, BusinessUser, InviteBusinessUserInput } from './types'

/** POST /businesses/user: adds someone by e-mail (a new person gets an invitation to set a password). */
export function useInviteBusinessUser(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: InviteBusinessUserInput) => (await apiClient.post<BusinessUser>('/businesses/user', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessQueries.usersOf(businessId) }),
  })
}

export interface BusinessUserChange {
  membershipId: string
  role?: BusinessRoleName
  isActive?: boolean
}

/** PUT /businesses/user/{id}: a new role or the active flag. The API refuses (409) to leave a business without an active owner. */
export function useUpdateBusinessUser(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ membershipId, ...change }: BusinessUserChange) =>
      (await apiClient.put<BusinessUser>(apiPath`/businesses/user/${membershipId}`, change)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessQueries.usersOf(businessId) }),
  })
}

/** DELETE /businesses/user/{id}: never the last owner (409). */
export function useRemoveBusinessUser(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (membershipId: string) => {
      await apiClient.delete(apiPath`/businesses/user/${membershipId}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessQueries.usersOf(businessId) }),
  })
}

/** PUT /businesses/{id}/factor-policy: the owner requires (or stops requiring) a second factor of the business's users. */
export function useSetFactorPolicy(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (requireFactor: boolean) =>
      (await apiClient.put<{ requireFactor: boolean }>(apiPath`/businesses/${businessId}/factor-policy`, { requireFactor })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessReads.detail(businessId).queryKey }),
  })
}
