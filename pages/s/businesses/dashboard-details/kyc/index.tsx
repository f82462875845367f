import dynamic from 'next/dynamic'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'
import { KycStepperScreen } from '@/features/kyc/components/kyc-stepper-screen'

// Only the address form shows these; they load with it.
const LocationFields = dynamic(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields))

export default function KycPage() {
  return (
    <PortalPage title="Know your customer" documentTitle="KYC" access={businessArea()}>
      {({ account, permissions }) => (
        <KycStepperScreen
          account={account}
          permissions={permissions}
          locationFields={(names) => <LocationFields names={names} />}
        />
      )}
    </PortalPage>
  )
}
