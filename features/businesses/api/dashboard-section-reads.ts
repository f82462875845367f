import { apiPath } from '@/lib/http/api-path'
import type { PageRead } from '@/lib/query/page-answers'
import { deferralReads } from '@/lib/query/shared-queries'
import { businessQueries } from './business-queries'

/** The first page of the dashboard's deferrals and data views. */
export const DASHBOARD_LIST_PAGE = { pageNumber: 1, pageSize: 5 } as const
/** The team section asks only for the count of users: a page of one. */
export const DASHBOARD_USER_COUNT = { pageNumber: 1, pageSize: 1 } as const

/**
 * What the dashboard's sections under the summary read besides the outstanding items and products (deferrals, data
 * views, the user count), for the page's first reads: answered with the page, the sections ask nothing once painted.
 * A read the owner may not make answers no content, and the section does not ask it either.
 */
export function dashboardSectionReads(businessId: string): PageRead[] {
  return [
    {
      path: pageOf(apiPath`/deferrals/business-deferrals/${businessId}`, DASHBOARD_LIST_PAGE),
      queryKey: deferralReads.ofBusiness(businessId, DASHBOARD_LIST_PAGE).queryKey,
    },
    {
      path: pageOf(apiPath`/businesses/${businessId}/data-views`, DASHBOARD_LIST_PAGE),
      queryKey: businessQueries.dataViews(businessId, DASHBOARD_LIST_PAGE).queryKey,
    },
    {
      path: pageOf(apiPath`/businesses/${businessId}/users`, DASHBOARD_USER_COUNT),
      queryKey: businessQueries.users(businessId, DASHBOARD_USER_COUNT).queryKey,
    },
  ]
}

/** The path of one page of a list, as the API client sends its `params` (`?pageNumber=1&pageSize=5`). */
const pageOf = (path: string, page: { pageNumber: number; pageSize: number }) =>
  `${path}?${new URLSearchParams({ pageNumber: String(page.pageNumber), pageSize: String(page.pageSize) }).toString()}`
