import Head from 'next/head'
import { RequirePermission } from '@/components/layouts/require-permission'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessQueue } from '@/features/approvals/components/business-queue'
import { PERMISSIONS } from '@/lib/permissions'

/** /s/admin/approvals/business: the business review queue. */
export default function BusinessApprovalsPage() {
  return (
    <>
      <Head>
        <title>Business approvals · KYC Portal</title>
      </Head>
      <PortalLayout title="Business approvals">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref="/s/businesses"
          >
            <BusinessQueue permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
