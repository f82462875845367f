import dynamic from 'next/dynamic'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'

// The stepper (its frame, the step list and status rules) loads in parallel with the account, which the layout waits
// for anyway, rather than with the page: nothing shows later, and the route stays within its JavaScript budget.
const KycStepperScreen = lazyScreen(
  () => import('@/features/kyc/components/kyc-stepper-screen').then((m) => m.KycStepperScreen),
  { count: 6, label: 'Loading the KYC' },
)
// Only the address form shows these; they load with it.
const LocationFields = dynamic(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields))

export default function KycPage() {
  return (
    <PortalPage title="Know your customer" documentTitle="KYC" access={businessArea()} preload={[KycStepperScreen]}>
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
