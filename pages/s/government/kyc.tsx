import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const GovernmentKycScreen = lazyScreen(
  () => import('@/features/government/components/government-kyc-screen').then((m) => m.GovernmentKycScreen),
  { count: 4, label: 'Loading the entity KYC' },
)

/** /s/government/kyc?entityId=: an entity's representatives with their KYC, and its documents. */
export default function GovernmentKycPage() {
  return (
    <PortalPage
      title="Entity KYC"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY] })}
      preload={[GovernmentKycScreen]}
    >
      <GovernmentKycScreen />
    </PortalPage>
  )
}
