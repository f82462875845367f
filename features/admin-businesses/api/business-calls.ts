import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { adminBusinessQueries } from './admin-business-queries'
import type { Business } from './types'

/** POST /archive/business/{id} or .../unarchive with the reason; the lists refresh before the mutation settles. */
export function useChangeArchiveStatus() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { businessId: string; archive: boolean; reason: string }) =>
      (
        await apiClient.post<Business>(apiPath`/archive/business/${input.businessId}` + (input.archive ? '' : '/unarchive'), {
          reason: input.reason,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessQueries.all() }),
  })
}

/** PUT /businesses/set-recertification-date. */
export function useSetRecertificationDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: { businessId: string; date: string }) =>
      (await apiClient.put<Business>('/businesses/set-recertification-date', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminBusinessQueries.lists() }),
  })
}
