import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { KycPreviewScreen } from '@/features/kyc/components/kyc-preview-screen'

export default function KycPreviewPage() {
  return (
    <PortalPage title="KYC preview" access={businessArea()}>
      {({ account, permissions }) => <KycPreviewScreen account={account} permissions={permissions} />}
    </PortalPage>
  )
}
