import { lazyScreen } from '@/components/layouts/lazy-screen'
import { PortalPage } from '@/features/account/components/portal-page'
import { BusinessRoles } from '@/features/businesses/components/business-roles'

const StaffRolesScreen = lazyScreen(
  () => import('@/features/authorizations/components/staff-roles-screen').then((m) => m.StaffRolesScreen),
  { count: 4, label: 'Loading the roles' },
)

/**
 * Serves business owners and staff alike (docs/domain.md#staff-restriction-rule): no business-area restriction here.
 * Staff manage every role through authorizations; a business user sees the business roles.
 */
export default function ManageRolesPage() {
  return (
    <PortalPage title="Manage roles">
      {({ account, permissions }) => (account.isStaff ? <StaffRolesScreen permissions={permissions} /> : <BusinessRoles />)}
    </PortalPage>
  )
}
