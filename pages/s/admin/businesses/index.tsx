import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { AdminBusinessList } from '@/features/admin-businesses/components/admin-business-list'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/businesses: every business, with the spec's filters in the URL and the CSV export. */
export default function AdminBusinessesPage() {
  return (
    <>
      <Head>
        <title>All businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="All businesses">
        {({ account, permissions }) => (
          <RequirePermission permissions={permissions} anyOf={[PERMISSIONS.CAN_READ_BUSINESS]} check={() => account.isStaff} homeHref="/s/businesses">
            <AdminBusinessList variant="all" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
