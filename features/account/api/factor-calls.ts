import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  ConfirmedFactor,
  ConfirmTotpInput,
  FactorsAnswer,
  StartTotpInput,
  StepUpInput,
  TotpEnrolment,
} from '@/lib/contracts/factors'
import { apiClient } from '@/lib/http/lazy-client'
import { accountQueries } from './account-queries'

/** One key factory for the second factors (docs/security.md#second-factors). */
export const factorQueries = {
  all: () => [...accountQueries.all(), 'factors'] as const,
  list: () =>
    queryOptions({
      queryKey: [...factorQueries.all(), 'list'],
      queryFn: async () => (await apiClient.get<FactorsAnswer>('/accounts/factors')).data,
    }),
}

export const useFactors = () => useQuery(factorQueries.list())

export function useStartTotp() {
  return useMutation({
    mutationFn: async (input: StartTotpInput) => (await apiClient.post<TotpEnrolment>('/accounts/factors/totp', input)).data,
  })
}

export function useConfirmTotp() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, ...input }: ConfirmTotpInput & { id: string }) =>
      (await apiClient.post<ConfirmedFactor>(`/accounts/factors/totp/${id}/confirm`, input, { shownInline: true })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorQueries.all() }),
  })
}

export function useRemoveFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => void (await apiClient.delete(`/accounts/factors/${id}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorQueries.all() }),
  })
}

export function useNewRecoveryCodes() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await apiClient.post<{ recoveryCodes: string[] }>('/accounts/recovery-codes')).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorQueries.all() }),
  })
}

/** POST /accounts/step-up; its own errors are shown in the dialog (never the step-up loop again). */
export async function stepUp(input: StepUpInput) {
  return (await apiClient.post<{ validUntil: string }>('/accounts/step-up', input, { shownInline: true, steppedUp: true })).data
}

export async function readFactors() {
  return (await apiClient.get<FactorsAnswer>('/accounts/factors', { silent: true })).data
}

export function useBusinessFactorPolicy(businessId: string) {
  return useMutation({
    mutationFn: async (requireFactor: boolean) =>
      (await apiClient.put<{ requireFactor: boolean }>(`/businesses/${businessId}/factor-policy`, { requireFactor })).data,
  })
}
