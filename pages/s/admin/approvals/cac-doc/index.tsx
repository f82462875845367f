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
const loadCacQueue = () => import('@/features/staff-documents/components/cac-queue').then((m) => m.CacQueue)
const CacQueue = dynamic(loadCacQueue, { ssr: false, loading: () => <Skeleton count={4} label="Loading the queue" /> })

/** /s/admin/approvals/cac-doc: CAC documents to review (staff). */
export default function CacDocumentApprovalsPage() {
  useEffect(() => void loadCacQueue(), [])
  return (
    <>
      <Head>
        <title>CAC documents · KYC Portal</title>
      </Head>
      <PortalLayout title="CAC documents">
        {({ account, permissions }) => (
          <RequirePermission
            permissions={permissions}
            anyOf={[PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT, PERMISSIONS.CAN_READ_BUSINESS]}
            check={() => account.isStaff}
            homeHref={paths.business.list()}
          >
            <CacQueue
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
