import { PortalPage } from '@/features/account/components/portal-page'
import { BusinessRoles } from '@/features/businesses/components/business-roles'

/**
 * Serves business owners and staff alike (docs/domain.md#staff-restriction-rule): no business-area restriction here.
 */
export default function ManageRolesPage() {
  return (
    <PortalPage title="Business roles">
      <BusinessRoles />
    </PortalPage>
  )
}
