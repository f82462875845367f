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
  loading: () => <Skeleton count={4} label="Loading the businesses" />,
})

/** /s/admin/businesses: every business, with the spec's filters in the URL and the CSV export. */
export default function AdminBusinessesPage() {
  useEffect(() => void loadAdminBusinessList(), [])
  return (
    <>
      <Head>
        <title>All businesses · KYC Portal</title>
      </Head>
      <PortalLayout title="All businesses">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <AdminBusinessList variant="all" permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
