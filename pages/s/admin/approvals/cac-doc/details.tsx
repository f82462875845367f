import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'

const LOADING = { count: 5, label: 'Loading the CAC documents' }
const CacReviewDetails = lazyScreen(
  () => import('@/features/staff-documents/components/cac-review-details').then((m) => m.CacReviewDetails),
  LOADING,
)

/** /s/admin/approvals/cac-doc/details?id=<kycDetailsId>: one KYC record's CAC documents with a viewer and the decisions. */
export default function CacDocumentDetailsPage() {
  return (
    <PortalPage
      title="CAC document review"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_CAC_DOCUMENT, PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[CacReviewDetails]}
    >
      {({ account, permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No KYC record chosen',
            description: 'Open a record from the CAC documents queue.',
            action: { href: paths.approvals.cacDocuments(), label: 'Go to the queue' },
          }}
        >
          {(id) => (
            <CacReviewDetails
              key={id}
              kycDetailsId={id}
              permissions={permissions}
              currentUserId={account.id}
              memberOf={account.businesses.map((m) => m.businessId)}
            />
          )}
        </RecordFromUrl>
      )}
    </PortalPage>
  )
}
