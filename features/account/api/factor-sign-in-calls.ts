import type { QueryClient } from '@tanstack/react-query'
import type { LoginFactorInput, SignInAnswer } from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { adoptLoginAnswer } from './session-calls'

// Loaded with the second step only (the sign-in pages' first-load JavaScript stays in budget).
/** POST /accounts/login/factor: the second step (a code from the app, or a recovery code). */
export async function logInWithFactor(
  queryClient: Pick<QueryClient, 'invalidateQueries'>,
  input: LoginFactorInput,
): Promise<SignInAnswer> {
  const answer = (await apiClient.post<SignInAnswer>('/accounts/login/factor', input, { shownInline: true })).data
  await adoptLoginAnswer(queryClient, answer)
  return answer
}
