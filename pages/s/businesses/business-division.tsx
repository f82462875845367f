import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { BusinessDivisions } from '@/features/businesses/components/business-divisions'

export default function BusinessDivisionPage() {
  return (
    <>
      <Head>
        <title>Divisions · KYC Portal</title>
      </Head>
      <PortalLayout title="Divisions and their products">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <BusinessDivisions />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
