import { useMutation } from '@tanstack/react-query'
import type { AcceptedInvitation, AcceptInvitationInput } from '@/lib/contracts/accounts'
import { apiClient } from '@/lib/http/lazy-client'

/** POST /accounts/accept-invitation: someone invited to a business chooses a password; their account becomes active. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: async (input: AcceptInvitationInput) =>
      (await apiClient.post<AcceptedInvitation>('/accounts/accept-invitation', input, { skipAuth: true })).data,
  })
}
