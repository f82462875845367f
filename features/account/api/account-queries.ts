import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { Account, Preferences, UserProfile } from '@/lib/contracts/accounts'
import type { NotificationPage, NotificationSettings, UnreadCount } from '@/lib/contracts/notifications'
import type { Page } from '@/lib/contracts/pagination'
import { SESSION_LIST_MAX } from '@/lib/contracts/session-values'
import type { UserSession } from '@/lib/contracts/sessions'
import type { SsoSettings } from '@/lib/contracts/sso'
import { apiClient } from '@/lib/http/lazy-client'
import type { PageRead } from '@/lib/query/page-answers'
import { SSO_SETTINGS_KEY, SSO_SETTINGS_PATH } from './sso-settings-read'

/** `GET /accounts/me/permissions` answers objects; the portal works with their names. */
export const toPermissionNames = (answer: unknown) => (answer as { name: string }[]).map((p) => p.name)

/**
 * How long the account's reads count as fresh: the frame mounts right after sign-in (which read them) or with them in
 * the page (pages/s/businesses/dashboard-details), and would otherwise ask again at once. Changes the portal makes
 * invalidate them; the API checks every call whatever the screen believes.
 */
export const ACCOUNT_FRESH_MS = 5_000

export const accountQueries = {
  all: () => ['account'] as const,
  me: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'me'],
      staleTime: ACCOUNT_FRESH_MS,
      queryFn: async () => (await apiClient.get<Account>('/accounts/me')).data,
    }),
  permissions: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'permissions'],
      staleTime: ACCOUNT_FRESH_MS,
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
      staleTime: ACCOUNT_FRESH_MS,
      queryFn: async () => (await apiClient.get<Preferences>('/accounts/me/preferences')).data,
    }),
  /** The signed-in user's live sessions: one fixed first page of the most recently used (the API's most). */
  sessions: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'sessions'],
      queryFn: async () =>
        (await apiClient.get<Page<UserSession>>('/accounts/sessions', { params: { pageSize: SESSION_LIST_MAX } })).data,
    }),
  /** `GET /notifications`: the user's notifications, newest first, a page at a time (keyset: `before`). */
  notifications: (filter: { unread: boolean; pageSize: number }) =>
    infiniteQueryOptions({
      queryKey: [...accountQueries.all(), 'notifications', 'list', filter] as const,
      initialPageParam: null as string | null,
      getNextPageParam: (last: NotificationPage) => last.nextCursor,
      queryFn: async ({ pageParam, signal }) =>
        (
          await apiClient.get<NotificationPage>('/notifications', {
            params: {
              pageSize: filter.pageSize,
              ...(filter.unread ? { unread: 'true' } : {}),
              ...(pageParam ? { before: pageParam } : {}),
            },
            signal,
          })
        ).data,
    }),
  /** `GET /notifications/unread-count`: the bell's figure. */
  unreadCount: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'notifications', 'unread-count'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<UnreadCount>('/notifications/unread-count', { signal })).data,
    }),
  notificationSettings: () =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'notifications', 'settings'] as const,
      queryFn: async ({ signal }) => (await apiClient.get<NotificationSettings>('/notifications/settings', { signal })).data,
    }),
  /** Whether the login page offers single sign-on (public; it changes only with the portal's configuration). */
  ssoSettings: () =>
    queryOptions({
      queryKey: SSO_SETTINGS_KEY,
      staleTime: Infinity,
      queryFn: async () => (await apiClient.get<SsoSettings>(SSO_SETTINGS_PATH)).data,
    }),
}

/**
 * What the frame of every signed-in page (`PortalLayout`) reads before it can paint anything of the page: the account,
 * its permissions and preferences, and the bell's unread count. A page that reads first with its request (`readPageAnswers`) starts with these.
 */
export const portalFrameReads = (): PageRead[] => [
  { path: '/accounts/me', queryKey: accountQueries.me().queryKey },
  { path: '/accounts/me/permissions', queryKey: accountQueries.permissions().queryKey, toData: toPermissionNames },
  { path: '/accounts/me/preferences', queryKey: accountQueries.preferences().queryKey },
  // The bell's count: read with the page, so the header asks nothing once painted (the bell polls it every minute).
  { path: '/notifications/unread-count', queryKey: accountQueries.unreadCount().queryKey },
]
