import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { useRouter } from 'next/router'
import { RequirePermission } from '@/components/layouts/require-permission'
import { EmptyState } from '@/components/ui/empty-state'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (and its table or form libraries) loads in parallel with the account, which the layout waits for anyway,
// rather than with the page: the route stays within its JavaScript budget.
const loadOnboardingPreview = () => import('@/features/onboarding/components/onboarding-preview').then((m) => m.OnboardingPreview)
const OnboardingPreview = dynamic(loadOnboardingPreview, {
  ssr: false,
  loading: () => <Skeleton count={6} label="Loading the application" />,
})

/** /s/admin/approvals/product-preview?id=: one application, its answers and the decision. */
export default function ProductPreviewPage() {
  useEffect(() => void loadOnboardingPreview(), [])
  const router = useRouter()
  const id = typeof router.query.id === 'string' ? router.query.id : null
  return (
    <>
      <Head>
        <title>Product application · KYC Portal</title>
      </Head>
      <PortalLayout title="Product application">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[
              PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT,
              PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES,
              PERMISSIONS.CAN_READ_BUSINESS,
            ]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            {!router.isReady ? (
              <Skeleton count={6} label="Loading the application" />
            ) : id ? (
              <OnboardingPreview key={id} id={id} permissions={new Set(permissions)} />
            ) : (
              <EmptyState title="Which application?" description="Open an application from the product approvals list." />
            )}
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
