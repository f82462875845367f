import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (its table and dialogs) loads in parallel with the account, which the layout waits for anyway, rather
// than with the page: the route stays within its JavaScript budget.
const loadBusinessQueue = () => import('@/features/approvals/components/business-queue').then((m) => m.BusinessQueue)
const BusinessQueue = dynamic(loadBusinessQueue, { ssr: false, loading: () => <Skeleton count={4} label="Loading the queue" /> })

/** /s/admin/approvals/business: the business review queue. */
export default function BusinessApprovalsPage() {
  useEffect(() => void loadBusinessQueue(), [])
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
            homeHref={paths.business.list()}
          >
            <BusinessQueue permissions={permissions} currentUserId={account.id} />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
