import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (and its table or form libraries) loads in parallel with the account, which the layout waits for anyway,
// rather than with the page: the route stays within its JavaScript budget.
const loadApprovalsQueue = () => import('@/features/onboarding/components/approvals-queue').then((m) => m.ApprovalsQueue)
const ApprovalsQueue = dynamic(loadApprovalsQueue, {
  ssr: false,
  loading: () => <Skeleton count={4} label="Loading the applications" />,
})

/** /s/admin/approvals/products: product applications to decide. */
export default function ProductApprovalsPage() {
  useEffect(() => void loadApprovalsQueue(), [])
  return (
    <>
      <Head>
        <title>Product approvals · KYC Portal</title>
      </Head>
      <PortalLayout title="Product approvals">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_ONBOARD_PRODUCT, PERMISSIONS.CAN_READ_PRODUCT_BUSINESSES]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <ApprovalsQueue />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
