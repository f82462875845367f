import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const AdminBusinessList = lazyScreen(
  () => import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList),
  { count: 4, label: 'Loading the businesses' },
)

/** /s/admin/businesses: every business, with the spec's filters in the URL and the CSV export. */
export default function AdminBusinessesPage() {
  return (
    <PortalPage
      title="All businesses"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[AdminBusinessList]}
    >
      {({ account, permissions }) => <AdminBusinessList variant="all" permissions={permissions} currentUserId={account.id} />}
    </PortalPage>
  )
}
