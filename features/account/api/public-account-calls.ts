import { useMutation } from '@tanstack/react-query'
import type { EmailOnlyInput, ResetPasswordInput, SignupInput } from '@/lib/contracts/accounts'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { getChannel } from '@/lib/session/storage'

type Message = { message: string }

/** POST /accounts/signup, carrying the stored `channel` (where the visitor came from). */
export function useSignUp() {
  return useMutation({
    mutationFn: async (input: SignupInput) =>
      (await apiClient.post<Message>('/accounts/signup', { ...input, channel: input.channel ?? getChannel() ?? undefined })).data,
  })
}

export function useActivateAccount() {
  return useMutation({
    mutationFn: async (token: string) => (await apiClient.post<Message>('/accounts/activate-account', { token })).data,
  })
}

export function useResendActivation() {
  return useMutation({
    mutationFn: async (input: EmailOnlyInput) => (await apiClient.post<Message>('/accounts/resend-activation-token', input)).data,
  })
}

export function useRecoverPassword() {
  return useMutation({
    mutationFn: async (input: EmailOnlyInput) => (await apiClient.post<Message>('/accounts/recover-password', input)).data,
  })
}

export function useResetPassword() {
  return useMutation({
    mutationFn: async ({ otp, ...input }: ResetPasswordInput & { otp: string }) =>
      (await apiClient.put<Message>(apiPath`/accounts/reset-password/${otp}`, input)).data,
  })
}
