import { lazyScreen } from '@/components/layouts/lazy-screen'
import { RecordFromUrl } from '@/components/layouts/record-from-url'
import { Skeleton } from '@/components/ui/skeleton'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { paths } from '@/lib/navigation/paths'
import { PERMISSIONS } from '@/lib/permissions/names'

const LOADING = { count: 5, label: 'Loading the dry run' }
const RiskDryRunScreen = lazyScreen(
  () => import('@/features/risk/components/risk-dry-run-screen').then((m) => m.RiskDryRunScreen),
  LOADING,
)

/**
 * /s/admin/risk-model/dry-run?id=: what a version would do to every current business, and its activation request
 * (four-eyes). The API's readers of dry runs: readers of businesses and the model's managers.
 */
export default function RiskDryRunPage() {
  return (
    <PortalPage
      title="Risk model dry run"
      access={adminArea({ anyOf: [PERMISSIONS.CAN_MANAGE_RISK_MODEL, PERMISSIONS.CAN_READ_BUSINESS] })}
      preload={[RiskDryRunScreen]}
    >
      {({ permissions }) => (
        <RecordFromUrl
          loading={<Skeleton {...LOADING} />}
          missing={{
            title: 'No version chosen',
            description: 'Open a version from the risk model page.',
            action: { href: paths.admin.riskModel(), label: 'Go to the risk model' },
          }}
        >
          {(id) => <RiskDryRunScreen key={id} id={id} canManage={permissions.includes(PERMISSIONS.CAN_MANAGE_RISK_MODEL)} />}
        </RecordFromUrl>
      )}
    </PortalPage>
  )
}
