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
  const { pageNumber, pageSize } = DASHBOARD_LIST_PAGE
  return [
    {
      path: apiPath`/deferrals/business-deferrals/${businessId}` + `?pageNumber=${pageNumber}&pageSize=${pageSize}`,
      queryKey: deferralReads.ofBusiness(businessId, DASHBOARD_LIST_PAGE).queryKey,
    },
    {
      path: apiPath`/businesses/${businessId}/data-views` + `?pageNumber=${pageNumber}&pageSize=${pageSize}`,
      queryKey: businessQueries.dataViews(businessId, DASHBOARD_LIST_PAGE).queryKey,
    },
    {
      path:
        apiPath`/businesses/${businessId}/users` +
        `?pageNumber=${DASHBOARD_USER_COUNT.pageNumber}&pageSize=${DASHBOARD_USER_COUNT.pageSize}`,
      queryKey: businessQueries.users(businessId, DASHBOARD_USER_COUNT).queryKey,
    },
  ]
}
