import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { RevokedSessions } from '@/lib/contracts/sessions'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { accountQueries } from './account-queries'

/** Signs out one of the user's other sessions (DELETE /accounts/sessions/{id}); the list is read again. */
export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => {
      await apiClient.delete(apiPath`/accounts/sessions/${id}`)
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  })
}

/** Signs out every session but this one (POST /accounts/sessions/revoke-others); answers how many. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await apiClient.post<RevokedSessions>('/accounts/sessions/revoke-others')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.sessions().queryKey }),
  })
}
