import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { DashboardScreen } from '@/features/businesses/components/dashboard-screen'

export default function DashboardDetailsPage() {
  return (
    <>
      <Head>
        <title>Business dashboard · KYC Portal</title>
      </Head>
      <PortalLayout title="Business dashboard">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <DashboardScreen account={account} permissions={permissions} />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
