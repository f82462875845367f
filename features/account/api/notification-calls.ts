import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { Notification, NotificationSettings } from '@/lib/contracts/notifications'
import { apiPath } from '@/lib/http/api-path'
import { apiClient } from '@/lib/http/lazy-client'
import { accountQueries } from './account-queries'

const NOTIFICATIONS_KEY = [...accountQueries.all(), 'notifications'] as const

const refreshNotifications = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY })

/** POST /notifications/{id}/read: one notification read (opening it does this too). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (id: string) => (await apiClient.post<Notification>(apiPath`/notifications/${id}/read`)).data,
    onSuccess: () => refreshNotifications(queryClient),
  })
}

/** POST /notifications/read-all: every unread one read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => (await apiClient.post<{ marked: number }>('/notifications/read-all')).data,
    onSuccess: () => refreshNotifications(queryClient),
  })
}

/** PUT /notifications/settings: the kinds that also come by e-mail. */
export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (input: NotificationSettings) =>
      (await apiClient.put<NotificationSettings>('/notifications/settings', input)).data,
    onSuccess: (saved) => queryClient.setQueryData(accountQueries.notificationSettings().queryKey, saved),
  })
}
