import dynamic from 'next/dynamic'
import Head from 'next/head'
import { PortalLayout } from '@/features/account/components/portal-layout'
import { BusinessAreaGate } from '@/features/businesses/components/business-area-gate'
import { KycStepperScreen } from '@/features/kyc/components/kyc-stepper-screen'

// Only the address form shows these; they load with it.
const LocationFields = dynamic(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields))

export default function KycPage() {
  return (
    <>
      <Head>
        <title>KYC · KYC Portal</title>
      </Head>
      <PortalLayout title="Know your customer">
        {({ account, permissions }) => (
          <BusinessAreaGate iswStaff={account.iswStaff} isStaff={account.isStaff} permissions={permissions}>
            <KycStepperScreen
              account={account}
              permissions={permissions}
              locationFields={(names) => <LocationFields names={names} />}
            />
          </BusinessAreaGate>
        )}
      </PortalLayout>
    </>
  )
}
