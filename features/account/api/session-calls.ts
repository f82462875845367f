import type { QueryClient } from '@tanstack/react-query'
import type { LoginAnswer, LoginInput } from '@/lib/contracts/accounts'
import type { FactorChallengeAnswer, SignInAnswer } from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { clearSession, setAuthData } from '@/lib/session/storage'

/** The portal's own routes (/api/login, /api/logout) live beside, not under, the business API base. */
const PORTAL_ROOT = { baseURL: '/' }

/** Starts the portal's cookie session from a login answer (spec: POST /api/login with `user_auth_data`). */
export async function startPortalSession(answer: LoginAnswer) {
  await apiClient.post('/api/login', { user_auth_data: answer }, PORTAL_ROOT)
}

/**
 * A login answer → `user_auth_data` in sessionStorage → the portal's HttpOnly session cookie; then every cached read
 * is stale (it was read signed out, or as someone else).
 */
export async function adoptLoginAnswer(queryClient: Pick<QueryClient, 'invalidateQueries'>, answer: LoginAnswer) {
  setAuthData(answer)
  await startPortalSession(answer)
  await queryClient.invalidateQueries()
}

/**
 * POST /accounts/login: signed in, or (for a user holding a second factor) the challenge of the second step, with
 * nothing stored yet.
 */
export async function logIn(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  input: LoginInput,
): Promise<SignInAnswer | FactorChallengeAnswer> {
  const answer = (await apiClient.post<SignInAnswer | FactorChallengeAnswer>('/accounts/login', input)).data
  if ('factor_required' in answer) return answer
  await adoptLoginAnswer(queryClient, answer)
  return answer
}

/**
 * Ends the session everywhere: the API session and the portal cookie (POST /api/logout with the XSRF header
 * axios adds), then every session key of the spec and the query cache. Local state is cleared even when the
 * network call fails, so a user who asked to leave is never left signed in on this device.
 */
export async function endSession(queryClient: { clear: () => void }) {
  try {
    await apiClient.post('/api/logout', {}, PORTAL_ROOT)
  } finally {
    clearSession()
    queryClient.clear()
  }
}
