import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'

const LOADING = { count: 4, label: 'Loading the business' }
const BusinessPreview = lazyScreen(
  () => import('@/features/approvals/components/business-preview').then((m) => m.BusinessPreview),
  LOADING,
)

/** /s/admin/approvals/business/business-preview?id=: review one business (KYC, documents, comments, decision). */
export default function BusinessPreviewPage() {
  return (
    <PortalPage
      title="Business review"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_BUSINESS, PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[BusinessPreview]}
    >
      {({ account, permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No business chosen',
            description: 'Open a business from the review queue or a business list.',
            action: { href: paths.approvals.businesses(), label: 'Go to the queue' },
          }}
        >
          {(id) => (
            <BusinessPreview
              key={id}
              businessId={id}
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
