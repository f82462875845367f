import type { ParsedUrlQuery } from 'node:querystring'
import type { GetServerSideProps } from 'next'
import dynamic from 'next/dynamic'
import { useRouter } from 'next/router'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { WhenNearViewport } from '@/components/layouts/when-near-viewport'
import { Link } from '@/components/ui/link'
import { Skeleton } from '@/components/ui/skeleton'
import { portalFrameReads } from '@/features/account/api/account-queries'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { businessListFirstReads } from '@/features/admin-businesses/api/business-list-first-reads'
import { reportsFirstReads } from '@/features/reports/api/summary-query'
import { BusinessChartsPlaceholder } from '@/features/reports/components/business-charts-placeholder'
import type { ReportTab } from '@/features/reports/components/reports-tabs'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS as P } from '@/lib/permissions/names'
import { useSeededPageAnswers, type PageRead } from '@/lib/query/page-answers'
import { readPageAnswers, type PageAnswers } from '@/server/bff/page-answers'

// The tabs and the charts render on the server with the counts below, so the first tab paints with the page; their
// chunks come with the page's scripts (next/dynamic) and hydrate with it.
const ReportsTabs = dynamic(() => import('@/features/reports/components/reports-tabs').then((m) => m.ReportsTabs), {
  loading: () => <Skeleton count={1} label="Loading the reports" />,
})
const BusinessCharts = dynamic(() => import('@/features/reports/components/business-charts').then((m) => m.BusinessCharts), {
  loading: () => <BusinessChartsPlaceholder />,
})
const AdminBusinessList = lazyScreen(
  () => import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList),
  { count: 4, label: 'Loading the businesses' },
)
const FeesTab = lazyScreen(() => import('@/features/reports/components/fees-tab').then((m) => m.FeesTab), {
  count: 4,
  label: 'Loading the fees',
})
const RegulatoryReturnsTab = lazyScreen(
  () => import('@/features/reports/components/regulatory-returns-tab').then((m) => m.RegulatoryReturnsTab),
  { count: 4, label: 'Loading the regulatory returns' },
)
const AuditLog = lazyScreen(() => import('@/features/audits/components/audit-log').then((m) => m.AuditLog), {
  count: 4,
  label: 'Loading the audit log',
})

/** Who sees the page: staff who may read one of its tabs (the menu entry uses the same list). */
const READERS = [P.CAN_READ_BUSINESS, P.CAN_READ_BUSINESS_DIVISION, P.CAN_AUDIT_SYSTEM]

interface ReportsPageProps {
  answers: PageAnswers
}

/**
 * The frame's reads, the charts' counts and, on the businesses tab, the list's page and its filters' choices: the list
 * then asks nothing once its chunk has loaded.
 */
const firstReads = (query: ParsedUrlQuery): PageRead[] => {
  const charts = reportsFirstReads(query)
  return [...portalFrameReads(), ...charts, ...(charts.length > 0 ? businessListFirstReads('all', query) : [])]
}

/** The first reads come with the page (server/bff/page-answers.ts): the counts paint without waiting for them. */
export const getServerSideProps: GetServerSideProps<ReportsPageProps> = async ({ req, query }) => ({
  props: {
    answers: await readPageAnswers(
      req,
      firstReads(query).map((read) => read.path),
    ),
  },
})

/**
 * /s/admin/reports: tabs for businesses (counts and the filtered list with its CSV), fees (configuration, report,
 * XLSX), the audit log and archived businesses, each shown to the staff whose permissions read it.
 */
export default function ReportsPage({ answers }: ReportsPageProps) {
  useSeededPageAnswers(answers, firstReads(useRouter().query))
  return (
    <PortalPage title="Reports" access={adminArea({ anyOf: READERS })}>
      {({ account, permissions }) => {
        const held = new Set(permissions)
        const tabs: ReportTab[] = []
        if (held.has(P.CAN_READ_BUSINESS))
          tabs.push({
            id: 'businesses',
            label: 'Businesses',
            render: () => (
              <>
                <BusinessCharts />
                {/* Under the charts, below a phone's first screen: its chunk and render wait until the reader nears it. */}
                <WhenNearViewport lines={4} label="Loading the businesses">
                  <AdminBusinessList variant="all" permissions={permissions} currentUserId={account.id} />
                </WhenNearViewport>
              </>
            ),
          })
        if (held.has(P.CAN_READ_BUSINESS_DIVISION))
          tabs.push({ id: 'fees', label: 'Fees', render: () => <FeesTab canEdit={held.has(P.CAN_UPDATE_PRODUCT)} /> })
        if (held.has(P.CAN_READ_BUSINESS))
          tabs.push({ id: 'returns', label: 'Regulatory returns', render: () => <RegulatoryReturnsTab /> })
        if (held.has(P.CAN_AUDIT_SYSTEM))
          tabs.push({ id: 'audits', label: 'Audit log', render: () => <AuditLog canExport={held.has(P.CAN_EXPORT_AUDIT)} /> })
        if (held.has(P.CAN_READ_BUSINESS))
          tabs.push({
            id: 'archives',
            label: 'Archives',
            render: () => (
              <>
                {held.has(P.CAN_CREATE_GOVERNMENT_ENTITY) && (
                  <p>
                    Archived government entities are listed, and unarchived, on{' '}
                    <Link href={paths.government.entities({ archiveStatus: 'ARCHIVED' })}>Government entities (archived)</Link>.
                  </p>
                )}
                <AdminBusinessList variant="archived" permissions={permissions} currentUserId={account.id} />
              </>
            ),
          })
        return <ReportsTabs tabs={tabs} />
      }}
    </PortalPage>
  )
}
