import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { AdminBusinessList } from '@/features/admin-businesses/components/admin-business-list'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/businesses/blocked: businesses blocked by an overdue deferral or a passed recertification date. */
export default function BlockedBusinessesPage() {
  return (
    <>
      <Head>
        <title>Blocked businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="Blocked businesses">
        {({ account, permissions }) => (
          <RequirePermission permissions={permissions} anyOf={[PERMISSIONS.CAN_READ_BUSINESS]} check={() => account.isStaff} homeHref="/s/businesses">
            <AdminBusinessList variant="blocked" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
