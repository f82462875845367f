import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessQueries } from './business-queries'
import type { AccessRequest } from './types'

export interface AccessRequestInput {
  identifier: string
  message?: string
}

/** POST /existing-profile?type=business: asks the owners of an existing business to let the user in. */
export function useRequestProfileAccess() {
  return useMutation({
    mutationFn: async (input: AccessRequestInput) =>
      (
        await apiClient.post<{ id: string; status: string; maskedName: string }>('/existing-profile', input, {
          params: { type: 'business' },
        })
      ).data,
  })
}

/** PUT /existing-profile/requests/{id}: an owner accepts (the requester becomes a member) or refuses. */
export function useDecideAccessRequest(businessId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: 'ACCEPTED' | 'REFUSED' }) =>
      (await apiClient.put<AccessRequest>(apiPath`/existing-profile/requests/${id}`, { decision })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessQueries.accessRequests(businessId).queryKey }),
        queryClient.invalidateQueries({ queryKey: businessQueries.usersOf(businessId) }),
      ]),
  })
}
