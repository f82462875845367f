import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AuthorizationDetail } from '@/lib/contracts/authorizations'
import type { RiskModel, RiskModelVersion } from '@/lib/contracts/risk'
import type { ScoredRiskTier } from '@/lib/contracts/risk-values'
import { apiPath } from '@/lib/http/api-path'
import { configAnswer, type ConfigAnswer } from '@/lib/http/config-answer'
import { apiClient } from '@/lib/http/lazy-client'
import { authorizationReads } from '@/lib/query/shared-queries'
import { riskQueries } from './risk-queries'

/** `POST /risk/models`: a new version, PROPOSED (nothing changes for any business until it is activated). */
export function useProposeRiskModel() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: { model: RiskModel; reason: string }) =>
      (await apiClient.post<RiskModelVersion>('/risk/models', input)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: riskQueries.models() }),
  })
}

/** `POST /risk/models/{id}/activate`: 202, the authorization a second person decides (200: live at once without four-eyes). */
export function useRequestRiskModelActivation(id: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (reason: string): Promise<ConfigAnswer<RiskModelVersion>> =>
      configAnswer(
        await apiClient.post<RiskModelVersion | AuthorizationDetail>(apiPath`/risk/models/${id}/activate`, { reason }),
      ),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: riskQueries.models() }),
        client.invalidateQueries({ queryKey: authorizationReads.pending('risk_model').queryKey }),
      ]),
  })
}

/** `POST /businesses/{id}/risk/override`: 202, the authorization a second person decides (200: applied at once). */
export function useRequestRiskOverride(businessId: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (input: { tier: ScoredRiskTier; reason: string }) =>
      configAnswer(await apiClient.post<unknown>(apiPath`/businesses/${businessId}/risk/override`, input)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: riskQueries.business(businessId).queryKey }),
        client.invalidateQueries({ queryKey: authorizationReads.pending('business_risk').queryKey }),
      ]),
  })
}
