import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Queue } from '@/lib/contracts/service-level-values'
import type { Holiday, HolidayInput, ServiceLevel, ServiceLevelInput } from '@/lib/contracts/service-levels'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer, type ConfigAnswer } from '@/lib/http/config-answer'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import { serviceLevelQueries } from './service-level-queries'

/**
 * `PUT /service-levels/{queue}`: 202 with the authorization a second person decides (FOUR_EYES_CONFIG), or 200 with
 * every queue's level when the change applied at once.
 */
export function useChangeServiceLevel() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async ({ queue, input }: { queue: Queue; input: ServiceLevelInput }): Promise<ConfigAnswer<ServiceLevel[]>> =>
      configAnswer(await apiClient.put<ServiceLevel[]>(apiPath`/service-levels/${queue}`, input)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: serviceLevelQueries.levels().queryKey }),
        client.invalidateQueries({ queryKey: authorizationReads.pending('setting').queryKey }),
      ]),
  })
}

/** `POST /service-levels/holidays`: a declared holiday, at once (audited); answers that year's holidays. */
export function useAddHoliday() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: HolidayInput) => (await apiClient.post<Holiday[]>('/service-levels/holidays', input)).data,
    onSuccess: (holidays, input) => {
      client.setQueryData(serviceLevelQueries.holidays(Number(input.day.slice(0, 4))).queryKey, holidays)
    },
  })
}

/** `DELETE /service-levels/holidays/{day}`: an added holiday withdrawn; answers that year's holidays. */
export function useWithdrawHoliday() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (day: string) => (await apiClient.delete<Holiday[]>(apiPath`/service-levels/holidays/${day}`)).data,
    onSuccess: (holidays, day) => {
      client.setQueryData(serviceLevelQueries.holidays(Number(day.slice(0, 4))).queryKey, holidays)
    },
  })
}
