import { queryOptions } from '@tanstack/react-query'
import type { Account, Preferences, UserProfile } from '@/lib/contracts/accounts'
import { apiClient } from '@/lib/http'

/** `GET /accounts/me/permissions` answers objects; the portal works with their names. */
export const toPermissionNames = (answer: unknown) => (answer as { name: string }[]).map((p) => p.name)

export const accountQueries = {
  all: () => ['account'] as const,
  me: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'me'],
      queryFn: async () => (await apiClient.get<Account>('/accounts/me')).data,
    }),
  permissions: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'permissions'],
      queryFn: async () => toPermissionNames((await apiClient.get<{ name: string }[]>('/accounts/me/permissions')).data),
    }),
  profile: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'profile'],
      queryFn: async () => (await apiClient.get<UserProfile>('/user-profile')).data,
    }),
  preferences: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'preferences'],
      queryFn: async () => (await apiClient.get<Preferences>('/accounts/me/preferences')).data,
    }),
}
