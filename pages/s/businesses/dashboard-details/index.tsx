import { lazyScreen } from '@/components/layouts/lazy-screen'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { usePrefetchDashboard } from '@/features/businesses/api/prefetch-dashboard'

// Loaded beside the account rather than in the route's first load (first-load JS budget; Lighthouse blocking time).
const DashboardScreen = lazyScreen(
  () => import('@/features/businesses/components/dashboard-screen').then((m) => m.DashboardScreen),
  { count: 4, label: 'Loading the business dashboard' },
)

// Its chunk is requested as soon as this page's code runs, while the page hydrates, not after it mounts.
if (typeof window !== 'undefined') void DashboardScreen.preload()

export default function DashboardDetailsPage() {
  usePrefetchDashboard()
  return (
    <PortalPage title="Business dashboard" access={businessArea()} preload={[DashboardScreen]}>
      {({ account, permissions }) => <DashboardScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
