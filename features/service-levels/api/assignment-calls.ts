import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Queue } from '@/lib/contracts/service-level-values'
import type { AvailabilityInput, BulkAssignInput } from '@/lib/contracts/service-levels'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { serviceLevelQueries } from './service-level-queries'

/** POST /queues/{queue}/assignments: give items to someone, with a reason (supervisors). */
export function useAssignItems(queue: Queue) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: BulkAssignInput) => (await apiClient.post(apiPath`/queues/${queue}/assignments`, input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceLevelQueries.all() }),
  })
}

/** PUT /service-levels/availability: away until a day, or back. */
export function useSetAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: AvailabilityInput) => (await apiClient.put('/service-levels/availability', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: serviceLevelQueries.availability().queryKey }),
  })
}
