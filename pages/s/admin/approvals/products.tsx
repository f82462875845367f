import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const ApprovalsQueue = lazyScreen(
  () => import('@/features/onboarding/components/approvals-queue').then((m) => m.ApprovalsQueue),
  { count: 4, label: 'Loading the applications' },
)

/** /s/admin/approvals/products: product applications to decide. */
export default function ProductApprovalsPage() {
  return (
    <PortalPage
      title="Product approvals"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT, PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES] })}
      preload={[ApprovalsQueue]}
    >
      <ApprovalsQueue />
    </PortalPage>
  )
}
