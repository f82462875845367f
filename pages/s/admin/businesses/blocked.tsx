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
  loading: () => <Skeleton count={4} label="Loading the blocked businesses" />,
})

/** /s/admin/businesses/blocked: businesses blocked by an overdue deferral or a passed recertification date. */
export default function BlockedBusinessesPage() {
  useEffect(() => void loadAdminBusinessList(), [])
  return (
    <>
      <Head>
        <title>Blocked businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="Blocked businesses">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <AdminBusinessList variant="blocked" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
