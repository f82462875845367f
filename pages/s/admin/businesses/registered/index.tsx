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
const loadAdminBusinessList = () =>
  import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList)
const AdminBusinessList = dynamic(loadAdminBusinessList, {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the registered businesses" />,
})

/** /s/admin/businesses/registered: the approved businesses, with their recertification dates. */
export default function RegisteredBusinessesPage() {
  useEffect(() => void loadAdminBusinessList(), [])
  return (
    <>
      <Head>
        <title>Registered businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="Registered businesses">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <AdminBusinessList variant="registered" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
