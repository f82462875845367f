import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const BusinessSummaryScreen = lazyScreen(
  () => import('@/features/admin-businesses/components/business-summary').then((m) => m.BusinessSummaryScreen),
  { count: 4, label: 'Loading the summary' },
)

/** /s/admin/businesses/registered/summary: counts by status, type, category and month, with charts. */
export default function BusinessSummaryPage() {
  return (
    <PortalPage
      title="Business summary"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[BusinessSummaryScreen]}
    >
      <BusinessSummaryScreen />
    </PortalPage>
  )
}
