import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'

const LOADING = { count: 5, label: 'Loading the deferral' }
const DeferralDetails = lazyScreen(
  () => import('@/features/staff-documents/components/deferral-details').then((m) => m.DeferralDetails),
  LOADING,
)

/** /s/admin/approvals/deferral/details?id=: one deferral request, its business, its history and the decision. */
export default function DeferralDetailsPage() {
  return (
    <PortalPage
      title="Deferral review"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_APPROVE_DEFERRAL, PERMISSIONS.CAN_READ_DEFERRALS] })}
      preload={[DeferralDetails]}
    >
      {({ account, permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No deferral chosen',
            description: 'Open a request from the deferrals queue.',
            action: { href: paths.approvals.deferrals(), label: 'Go to the deferrals' },
          }}
        >
          {(id) => (
            <DeferralDetails
              key={id}
              deferralId={id}
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
