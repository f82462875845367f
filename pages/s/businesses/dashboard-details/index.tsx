import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { DashboardScreen } from '@/features/businesses/components/dashboard-screen'

export default function DashboardDetailsPage() {
  return (
    <PortalPage title="Business dashboard" access={businessArea()}>
      {({ account, permissions }) => <DashboardScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
