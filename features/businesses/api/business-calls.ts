import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiClient } from '@/lib/http/lazy-client'
import type { Business, CreateBusinessInput } from './types'

/**
 * POST /businesses. The creator becomes the business's owner, which changes their permissions and memberships as
 * well as their list of businesses: every cached query is refreshed (the account's too), and the mutation stays
 * pending until the refresh has ended.
 */
export function useCreateBusiness() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: CreateBusinessInput) => (await apiClient.post<Business>('/businesses', input)).data,
    onSuccess: () => queryClient.invalidateQueries(),
  })
}
