import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { businessReads } from '@/lib/query/shared-queries'
import { onboardingQueries } from './onboarding-queries'
import type { AnswersInput, OnboardingDecisionInput, OnboardingDetail } from './types'

/** Every mutation answers the application as it now is: keep it in the cache under both keys, refresh the lists. */
function useOnboardingMutation<TInput>(call: (input: TInput) => Promise<OnboardingDetail>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(onboardingQueries.detail(detail.id).queryKey, detail)
      queryClient.setQueryData(
        onboardingQueries.mine(detail.product.code, detail.businessId).queryKey,
        detail.status === 'REMOVED' ? null : detail,
      )
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: onboardingQueries.approvalLists() }),
        queryClient.invalidateQueries({ queryKey: onboardingQueries.canProceed(detail.id).queryKey }),
        queryClient.invalidateQueries({ queryKey: businessReads.products(detail.businessId).queryKey }),
      ])
    },
  })
}

/** POST /onboarding-products. */
export const useApply = () =>
  useOnboardingMutation(
    async (input: { businessId: string; productCode: string }) =>
      (await apiClient.post<OnboardingDetail>('/onboarding-products', input)).data,
  )

/** PUT /onboarding-products/{id}/requirements: a draft of some answers. Quiet: the form shows what went wrong. */
export const useSaveAnswers = (id: string) =>
  useOnboardingMutation(
    async (input: AnswersInput) =>
      (await apiClient.put<OnboardingDetail>(apiPath`/onboarding-products/${id}/requirements`, input, { silent: true })).data,
  )

/** PUT /onboarding-products/{id}/submit. Quiet: the form lists what is missing. */
export const useSubmitOnboarding = (id: string) =>
  useOnboardingMutation(
    async () =>
      (await apiClient.put<OnboardingDetail>(apiPath`/onboarding-products/${id}/submit`, undefined, { silent: true })).data,
  )

/** PUT /onboarding-products/approve/{id} `{ decision, comment }`. */
export const useDecideOnboarding = (id: string) =>
  useOnboardingMutation(
    async (input: OnboardingDecisionInput) =>
      (await apiClient.put<OnboardingDetail>(apiPath`/onboarding-products/approve/${id}`, input, { silent: true })).data,
  )

/** PUT /onboarding-products/completed/{id}. */
export const useCompleteOnboarding = (id: string) =>
  useOnboardingMutation(
    async () =>
      (await apiClient.put<OnboardingDetail>(apiPath`/onboarding-products/completed/${id}`, undefined, { silent: true })).data,
  )

/** DELETE /onboarding-products/{id}. */
export const useRemoveOnboarding = (id: string) =>
  useOnboardingMutation(
    async () => (await apiClient.delete<OnboardingDetail>(apiPath`/onboarding-products/${id}`, { silent: true })).data,
  )
