import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const BusinessQueue = lazyScreen(() => import('@/features/approvals/components/business-queue').then((m) => m.BusinessQueue), {
  count: 4,
  label: 'Loading the queue',
})

/** /s/admin/approvals/business: the business review queue. */
export default function BusinessApprovalsPage() {
  return (
    <PortalPage
      title="Business approvals"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[BusinessQueue]}
    >
      {({ account, permissions }) => <BusinessQueue permissions={permissions} currentUserId={account.id} />}
    </PortalPage>
  )
}
