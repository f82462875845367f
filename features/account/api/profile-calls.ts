import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Account, ChangePasswordInput, Preferences, UpdateAccountInput } from '@/lib/contracts/accounts'
import { downloadFile } from '@/lib/http/download-file'
import { apiClient } from '@/lib/http/lazy-client'
import { accountQueries } from './account-queries'

export function useUpdateAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: UpdateAccountInput) => (await apiClient.patch<Account>('/accounts/me', input)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  })
}

export function useChangePassword() {
  return useMutation({
    mutationFn: async (input: ChangePasswordInput) =>
      (await apiClient.post<{ message: string }>('/accounts/change-password', input)).data,
  })
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: Preferences) => (await apiClient.put<Preferences>('/accounts/me/preferences', input)).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(accountQueries.preferences().queryKey, saved)
      return queryClient.invalidateQueries({ queryKey: accountQueries.profile().queryKey })
    },
  })
}

/**
 * Downloads everything the portal holds about the signed-in user (GET /accounts/me/data-export, a zip the server
 * streams). The call needs the bearer token, so it comes through the API client and is saved from an object URL.
 */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () => downloadFile('/accounts/me/data-export', 'my-personal-data.zip'),
  })
}
