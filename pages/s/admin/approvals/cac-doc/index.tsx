import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const CacQueue = lazyScreen(() => import('@/features/staff-documents/components/cac-queue').then((m) => m.CacQueue), {
  count: 4,
  label: 'Loading the queue',
})

/** /s/admin/approvals/cac-doc: CAC documents to review (staff). */
export default function CacDocumentApprovalsPage() {
  return (
    <PortalPage
      title="CAC documents"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT, PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[CacQueue]}
    >
      {({ account, permissions }) => (
        <CacQueue permissions={permissions} currentUserId={account.id} memberOf={account.businesses.map((m) => m.businessId)} />
      )}
    </PortalPage>
  )
}
