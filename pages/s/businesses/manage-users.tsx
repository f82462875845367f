import { lazyScreen } from '@/components/layouts/lazy-screen'
import { PortalPage } from '@/features/account/components/portal-page'

// The users table (TanStack Table) would take most of the route's JavaScript budget.
const ManageUsersScreen = lazyScreen(
  () => import('@/features/businesses/components/manage-users-screen').then((m) => m.ManageUsersScreen),
  { count: 4, label: 'Loading the users' },
)
const StaffUsersScreen = lazyScreen(
  () => import('@/features/authorizations/components/staff-users-screen').then((m) => m.StaffUsersScreen),
  { count: 4, label: 'Loading the staff users' },
)

/**
 * Serves business owners and staff alike (docs/domain.md#staff-restriction-rule): no business-area restriction here.
 * Staff manage staff users (through authorizations); a business user manages their business's users.
 */
export default function ManageUsersPage() {
  return (
    <PortalPage title="Manage users">
      {({ account, permissions }) =>
        account.isStaff ? (
          <StaffUsersScreen permissions={permissions} currentUserId={account.id} />
        ) : (
          <ManageUsersScreen account={account} permissions={permissions} />
        )
      }
    </PortalPage>
  )
}
