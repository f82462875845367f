import { lazyScreen } from '@/components/layouts/lazy-screen'
import { businessArea, PortalPage } from '@/features/account/components/portal-page'

// The form (react-hook-form, its fields, the availability checks) and the country/state/LGA fields load in parallel
// with the account, which the layout waits for anyway, rather than with the page: the route stays within its
// JavaScript budget and nothing shows later than it would otherwise.
const CreateBusinessForm = lazyScreen(
  () => import('@/features/businesses/components/create-business-form').then((m) => m.CreateBusinessForm),
  { count: 6, label: 'Loading the form' },
)
const LocationFields = lazyScreen(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields), {
  count: 2,
  label: 'Loading the location fields',
})

export default function CreateBusinessPage() {
  return (
    <PortalPage
      title="Register a business"
      access={businessArea('CAN_CREATE_BUSINESS')}
      preload={[CreateBusinessForm, LocationFields]}
    >
      {({ account }) => (
        <CreateBusinessForm isStaff={account.isStaff} locationFields={<LocationFields required={{ lga: false }} />} />
      )}
    </PortalPage>
  )
}
