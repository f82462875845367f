import dynamic from 'next/dynamic'
import Head from 'next/head'
import { useEffect } from 'react'
import { RequirePermission } from '@/components/layouts/require-permission'
import { Skeleton } from '@/components/ui/skeleton'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions'

// The screen (its table and dialogs) loads in parallel with the account, which the layout waits for anyway: the route
// stays within its JavaScript budget.
const loadDeferralQueue = () => import('@/features/staff-documents/components/deferral-queue').then((m) => m.DeferralQueue)
const DeferralQueue = dynamic(loadDeferralQueue, { ssr: false, loading: () => <Skeleton count={4} label="Loading the queue" /> })

/** /s/admin/approvals/deferral: deferral requests to review (staff). */
export default function DeferralApprovalsPage() {
  useEffect(() => void loadDeferralQueue(), [])
  return (
    <>
      <Head>
        <title>Deferrals · KYC Portal</title>
      </Head>
      <PortalLayout title="Deferrals">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_DEFERRAL, PERMISSIONS.CAN_READ_DEFERRALS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <DeferralQueue
              permissions={permissions}
              currentUserId={account.id}
              memberOf={account.businesses.map((m) => m.businessId)}
            />
          </RequirePermission>
        )}
      </PortalLayout>
    </>
  )
}
