import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { ApprovalsQueue } from '@/features/onboarding/components/approvals-queue'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/approvals/products: product applications to decide. */
export default function ProductApprovalsPage() {
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
            homeHref="/s/businesses"
          >
            <ApprovalsQueue />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
