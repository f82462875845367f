import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const RiskModelScreen = lazyScreen(() => import('@/features/risk/components/risk-model-screen').then((m) => m.RiskModelScreen), {
  count: 6,
  label: 'Loading the risk model',
})

/** /s/admin/risk-model: the version in force in words, the versions, and the editor that proposes a new one. */
export default function RiskModelPage() {
  return (
    <PortalPage title="Risk model" access={adminArea({ anyOf: [PERMISSIONS.CAN_MANAGE_RISK_MODEL] })} preload={[RiskModelScreen]}>
      <RiskModelScreen />
    </PortalPage>
  )
}
