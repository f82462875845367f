import { lazyScreen } from '@/components/layouts/lazy-screen'
import { PortalPage } from '@/features/account/components/portal-page'

// The users table (TanStack Table) would take most of the route's JavaScript budget.
const ManageUsersScreen = lazyScreen(
  () => import('@/features/businesses/components/manage-users-screen').then((m) => m.ManageUsersScreen),
  { count: 4, label: 'Loading the users' },
)

/**
 * Serves business owners and staff alike (docs/domain.md#staff-restriction-rule): no business-area restriction here.
 */
export default function ManageUsersPage() {
  return (
    <PortalPage title="Manage users" preload={[ManageUsersScreen]}>
      {({ account, permissions }) => <ManageUsersScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
