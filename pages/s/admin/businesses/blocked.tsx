import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const AdminBusinessList = lazyScreen(
  () => import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList),
  { count: 4, label: 'Loading the blocked businesses' },
)

/** /s/admin/businesses/blocked: businesses blocked by an overdue deferral or a passed recertification date. */
export default function BlockedBusinessesPage() {
  return (
    <PortalPage
      title="Blocked businesses"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[AdminBusinessList]}
    >
      {({ account, permissions }) => <AdminBusinessList variant="blocked" permissions={permissions} currentUserId={account.id} />}
    </PortalPage>
  )
}
