import type { PageRead } from '@/lib/query/page-answers'

/** `GET /accounts/sso`: whether the login page offers single sign-on (docs/security.md#single-sign-on). */
export const SSO_SETTINGS_PATH = '/accounts/sso'
/** `accountQueries.ssoSettings()`'s key, here without the queries (and their client) for the login page's first load. */
export const SSO_SETTINGS_KEY = ['account', 'sso'] as const

/** What the login page reads with the page (`readPublicPageAnswers`): the single sign-on settings. */
export const loginFirstReads = (): PageRead[] => [{ path: SSO_SETTINGS_PATH, queryKey: SSO_SETTINGS_KEY }]
