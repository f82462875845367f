import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import type { RegistryExtract, RegistryExtractData } from '@/lib/contracts/registry-check'
import type { ReverificationRun, VerificationItem, VerificationResult } from '@/lib/contracts/verification'
import { apiPath } from '@/lib/http/api-path'
import { describeError } from '@/lib/http/errors'
import { apiClient } from '@/lib/http/lazy-client'
import type { KycAddress } from './types'

/** What the screen does after a call: its dialogs and notices are its own, so the callbacks come from it. */
type Callbacks<TData, TInput> = Pick<UseMutationOptions<TData, Error, TInput>, 'onSuccess' | 'onError'>

export type RecordVerificationInput = { id: string; status: VerificationResult; comment: string }

/** PUT /verified-kyc/{id}: a staff result for one verification item (the comment only when there is one). */
export function useRecordVerification(callbacks: Callbacks<VerificationItem, RecordVerificationInput>) {
  return useMutation({
    mutationFn: async (input: RecordVerificationInput) =>
      (
        await apiClient.put<VerificationItem>(apiPath`/verified-kyc/${input.id}`, {
          status: input.status,
          ...(input.comment ? { comment: input.comment } : {}),
        })
      ).data,
    ...callbacks,
  })
}

export type VerifyManyInput = { items: VerificationItem[]; comment: string }
export type VerifyManyResult = { verified: VerificationItem[]; failures: string[] }

/** Several pending checks verified with one confirmation: one call per item, in turn, each refused or not on its own. */
export function useVerifyMany(callbacks: Callbacks<VerifyManyResult, VerifyManyInput>) {
  return useMutation({
    mutationFn: async (input: VerifyManyInput): Promise<VerifyManyResult> => {
      const verified: VerificationItem[] = []
      const failures: string[] = []
      for (const item of input.items) {
        try {
          const answer = await apiClient.put<VerificationItem>(apiPath`/verified-kyc/${item.id}`, {
            status: 'VERIFIED',
            ...(input.comment ? { comment: input.comment } : {}),
          })
          verified.push(answer.data)
        } catch (error) {
          failures.push(`${item.label}: ${describeError(error, "we couldn't record the result")}`)
        }
      }
      return { verified, failures }
    },
    ...callbacks,
  })
}

export type WaiveVerificationInput = { id: string; reason: string }

/** PUT /verified-kyc/{id}/waiver: a check waived with a reason; another reviewer approves the business. */
export function useWaiveVerification(callbacks: Callbacks<VerificationItem, WaiveVerificationInput>) {
  return useMutation({
    mutationFn: async (input: WaiveVerificationInput) =>
      (await apiClient.put<VerificationItem>(apiPath`/verified-kyc/${input.id}/waiver`, { reason: input.reason })).data,
    ...callbacks,
  })
}

/** GET /kyc/re-verify-pending-kyc-status: asks the provider again for every pending check. */
export function useRerunVerification(callbacks: Callbacks<ReverificationRun, void>) {
  return useMutation({
    mutationFn: async () => (await apiClient.get<ReverificationRun>('/kyc/re-verify-pending-kyc-status')).data,
    ...callbacks,
  })
}

export type AddressVerificationInput = { addressId: string; status: VerificationResult; comment: string }

/** PUT /kyc/addresses/{id}/verification: a staff result for an address (the comment only when there is one). */
export function useVerifyAddress(callbacks: Callbacks<KycAddress, AddressVerificationInput>) {
  return useMutation({
    mutationFn: async (input: AddressVerificationInput) =>
      (
        await apiClient.put<KycAddress>(apiPath`/kyc/addresses/${input.addressId}/verification`, {
          status: input.status,
          ...(input.comment ? { comment: input.comment } : {}),
        })
      ).data,
    ...callbacks,
  })
}

/** PUT /businesses/{id}/registry-extract: the registry extract staff obtained (docs/ownership.md#registry-check). */
export function usePutRegistryExtract(businessId: string, callbacks: Callbacks<RegistryExtract, RegistryExtractData>) {
  return useMutation({
    mutationFn: async (input: RegistryExtractData) =>
      (await apiClient.put<RegistryExtract>(apiPath`/businesses/${businessId}/registry-extract`, input)).data,
    ...callbacks,
  })
}

/** POST /businesses/{id}/registry-extract/lookup: the configured provider's registry lookup becomes the extract. */
export function useLookUpRegistry(businessId: string, callbacks: Callbacks<RegistryExtract, void>) {
  return useMutation({
    mutationFn: async () =>
      (await apiClient.post<RegistryExtract>(apiPath`/businesses/${businessId}/registry-extract/lookup`, {})).data,
    ...callbacks,
  })
}
