import { lazyScreen } from '@/components/layouts/lazy-screen'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'

const KycPreviewScreen = lazyScreen(
  () => import('@/features/kyc/components/kyc-preview-screen').then((m) => m.KycPreviewScreen),
  { count: 6, label: 'Loading the KYC preview' },
)

export default function KycPreviewPage() {
  return (
    <PortalPage title="KYC preview" access={businessArea()} preload={[KycPreviewScreen]}>
      {({ account, permissions }) => <KycPreviewScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
