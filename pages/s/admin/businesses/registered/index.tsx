import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { AdminBusinessList } from '@/features/admin-businesses/components/admin-business-list'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/businesses/registered: the approved businesses, with their recertification dates. */
export default function RegisteredBusinessesPage() {
  return (
    <>
      <Head>
        <title>Registered businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="Registered businesses">
        {({ account, permissions }) => (
          <RequirePermission permissions={permissions} anyOf={[PERMISSIONS.CAN_READ_BUSINESS]} check={() => account.isStaff} homeHref="/s/businesses">
            <AdminBusinessList variant="registered" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
