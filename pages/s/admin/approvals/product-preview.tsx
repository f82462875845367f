import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const LOADING = { count: 6, label: 'Loading the application' }
const OnboardingPreview = lazyScreen(
  () => import('@/features/onboarding/components/onboarding-preview').then((m) => m.OnboardingPreview),
  LOADING,
)

/** /s/admin/approvals/product-preview?id=: one application, its answers and the decision. */
export default function ProductPreviewPage() {
  return (
    <PortalPage
      title="Product application"
      access={adminArea({
        anyOf: [PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT, PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES, PERMISSIONS.CAN_READ_BUSINESS],
      })}
      preload={[OnboardingPreview]}
    >
      {({ permissions }) => (
        <RecordFromUrl
          uuid={false}
          loading={<Skeleton {...LOADING} />}
          missing={{ title: 'Which application?', description: 'Open an application from the product approvals list.' }}
        >
          {(id) => <OnboardingPreview key={id} id={id} permissions={new Set(permissions)} />}
        </RecordFromUrl>
      )}
    </PortalPage>
  )
}
