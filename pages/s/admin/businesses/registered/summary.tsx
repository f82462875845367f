import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessSummaryScreen } from '@/features/admin-businesses/components/business-summary'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/businesses/registered/summary: counts by status, type, category and month, with charts. */
export default function BusinessSummaryPage() {
  return (
    <>
      <Head>
        <title>Business summary · KYC Portal</title>
      </Head>
      <PortalLayout title="Business summary">
        {({ account, permissions }) => (
          <RequirePermission permissions={permissions} anyOf={[PERMISSIONS.CAN_READ_BUSINESS]} check={() => account.isStaff} homeHref="/s/businesses">
            <BusinessSummaryScreen />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
