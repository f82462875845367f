import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { KycPreviewScreen } from '@/features/kyc/components/kyc-preview-screen'

export default function KycPreviewPage() {
  return (
    <>
      <Head>
        <title>KYC preview · KYC Portal</title>
      </Head>
      <PortalLayout title="KYC preview">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <KycPreviewScreen account={account} permissions={permissions} />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
