import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (its table and dialogs) loads in parallel with the account, which the layout waits for anyway, rather
// than with the page: the route stays within its JavaScript budget.
const loadBusinessSummaryScreen = () =>
  import('@/features/admin-businesses/components/business-summary').then((m) => m.BusinessSummaryScreen)
const BusinessSummaryScreen = dynamic(loadBusinessSummaryScreen, {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the summary" />,
})

/** /s/admin/businesses/registered/summary: counts by status, type, category and month, with charts. */
export default function BusinessSummaryPage() {
  useEffect(() => void loadBusinessSummaryScreen(), [])
  return (
    <>
      <Head>
        <title>Business summary · KYC Portal</title>
      </Head>
      <PortalLayout title="Business summary">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <BusinessSummaryScreen />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
