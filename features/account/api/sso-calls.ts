import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { SignInAnswer } from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { setAuthData } from '@/lib/session/storage'
import { startPortalSession } from './session-calls'

/**
 * After single sign-on (the login page opened with `sso=done`): POST /accounts/sso/session answers the session's login
 * answer once, to this browser only (its HttpOnly flow cookie); then, as after a password, `user_auth_data` in
 * sessionStorage and the portal's cookie session through POST /api/login; every cached read is stale.
 */
export function useClaimSsoSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (): Promise<SignInAnswer> => {
      const answer = (await apiClient.post<SignInAnswer>('/accounts/sso/session', {})).data
      setAuthData(answer)
      await startPortalSession(answer)
      await queryClient.invalidateQueries()
      return answer
    },
  })
}
