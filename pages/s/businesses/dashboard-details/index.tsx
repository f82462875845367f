import type { ParsedUrlQuery } from 'node:querystring'
import type { GetServerSideProps } from 'next'
import { useRouter } from 'next/router'
import { portalFrameReads } from '@/features/account/api/account-queries'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { businessQueries } from '@/features/businesses/api/business-queries'
import { dashboardSectionReads } from '@/features/businesses/api/dashboard-section-reads'
import { usePrefetchDashboard } from '@/features/businesses/api/prefetch-dashboard'
// The summary is in the page's own code and is rendered on the server with the answers below, so the dashboard's
// largest text paints with the page; the sections under it load after (features/businesses/components/dashboard-sections).
import { DashboardScreen } from '@/features/businesses/components/dashboard-screen'
import { apiPath } from '@/lib/http/api-path'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'
import { businessReads, referenceReads } from '@/lib/query/shared-queries'
import { namedBusinessId } from '@/lib/session/use-selected-business'
import { readPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

interface DashboardPageProps {
  answers: PageAnswers
}

/**
 * What the dashboard reads before it can paint (the frame's account, permissions and preferences; the business, its
 * outstanding items and products; the type and category names; the sections' deferrals, data views and user count):
 * the server answers these in the page itself.
 */
function dashboardFirstReads(businessId: string | null): PageRead[] {
  const account = portalFrameReads()
  if (!businessId) return account
  return [
    ...account,
    { path: apiPath`/businesses/${businessId}`, queryKey: businessReads.detail(businessId).queryKey },
    { path: apiPath`/businesses/${businessId}/outstanding`, queryKey: businessQueries.outstanding(businessId).queryKey },
    { path: apiPath`/businesses/${businessId}/products`, queryKey: businessReads.products(businessId).queryKey },
    { path: '/business-types', queryKey: referenceReads.businessTypes().queryKey },
    { path: '/business-categories', queryKey: referenceReads.businessCategories().queryKey },
    ...dashboardSectionReads(businessId),
  ]
}

/** The business named in the address (the one chosen earlier in the tab is only known to the browser). */
const businessIdIn = (query: ParsedUrlQuery) => (typeof query.businessId === 'string' ? namedBusinessId(query) : null)

/** The dashboard's first reads come with the page (server/bff/page-answers.ts): it paints without waiting for them. */
export const getServerSideProps: GetServerSideProps<DashboardPageProps> = async ({ req, query }) => ({
  props: {
    answers: await readPageAnswers(
      req,
      dashboardFirstReads(businessIdIn(query)).map((read) => read.path),
    ),
  },
})

export default function DashboardDetailsPage({ answers }: DashboardPageProps) {
  useSeededPageAnswers(answers, dashboardFirstReads(businessIdIn(useRouter().query)))
  usePrefetchDashboard()
  return (
    <PortalPage title="Business dashboard" access={businessArea()}>
      {({ account, permissions }) => <DashboardScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
