import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const DeferralQueue = lazyScreen(
  () => import('@/features/staff-documents/components/deferral-queue').then((m) => m.DeferralQueue),
  { count: 4, label: 'Loading the queue' },
)

/** /s/admin/approvals/deferral: deferral requests to review (staff). */
export default function DeferralApprovalsPage() {
  return (
    <PortalPage
      title="Deferrals"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_DEFERRAL, PERMISSIONS.CAN_READ_DEFERRALS] })}
      preload={[DeferralQueue]}
    >
      {({ account, permissions }) => (
        <DeferralQueue
          permissions={permissions}
          currentUserId={account.id}
          memberOf={account.businesses.map((m) => m.businessId)}
        />
      )}
    </PortalPage>
  )
}
