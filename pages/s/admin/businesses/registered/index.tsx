import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const AdminBusinessList = lazyScreen(
  () => import('@/features/admin-businesses/components/admin-business-list').then((m) => m.AdminBusinessList),
  { count: 4, label: 'Loading the registered businesses' },
)

/** /s/admin/businesses/registered: the approved businesses, with their recertification dates. */
export default function RegisteredBusinessesPage() {
  return (
    <PortalPage
      title="Registered businesses"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[AdminBusinessList]}
    >
      {({ account, permissions }) => (
        <AdminBusinessList variant="registered" permissions={permissions} currentUserId={account.id} />
      )}
    </PortalPage>
  )
}
