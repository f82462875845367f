import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignInAnswer } from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { adoptLoginAnswer } from './session-calls'

/**
 * After single sign-on (the login page opened with `sso=done`): POST /accounts/sso/session answers the session's login
 * answer once, to this browser only (its HttpOnly flow cookie); then, as after a password, `user_auth_data` in
 * sessionStorage and the portal's cookie session through POST /api/login (`adoptLoginAnswer`).
 */
export function useClaimSsoSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (): Promise<SignInAnswer> => {
      const answer = (await apiClient.post<SignInAnswer>('/accounts/sso/session', {}, { shownInline: true })).data
      await adoptLoginAnswer(queryClient, answer)
      return answer
    },
  })
}
