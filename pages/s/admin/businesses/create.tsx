import { useRouter } from 'next/router'
import { lazyScreen } from '@/components/layouts/lazy-screen'
import { notify } from '@/components/ui/toasts'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { NAV_PATHS } from '@/lib/navigation/nav-items'
import { PERMISSIONS } from '@/lib/permissions'

// The registration form of the business area, in its staff variant (owner's e-mail, invitation), loaded in parallel
// with the account as on /s/businesses/create-business.
const CreateBusinessForm = lazyScreen(
  () => import('@/features/businesses/components/create-business-form').then((m) => m.CreateBusinessForm),
  { count: 6, label: 'Loading the form' },
)
const LocationFields = lazyScreen(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields), {
  count: 2,
  label: 'Loading the location fields',
})

/** /s/admin/businesses/create: staff register a business for a customer, whose owner is invited by e-mail. */
export default function AdminCreateBusinessPage() {
  const router = useRouter()
  return (
    <PortalPage
      title="Register a business for a customer"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_BUSINESS] })}
      preload={[CreateBusinessForm, LocationFields]}
    >
      <CreateBusinessForm
        isStaff
        cancelHref={NAV_PATHS.adminBusinesses}
        locationFields={<LocationFields required={{ lga: false }} />}
        onCreated={async (business) => {
          notify(`${business.name} is registered. Its owner has been invited by e-mail to complete the KYC.`, {
            type: 'success',
          })
          await router.push(`${NAV_PATHS.businessPreview}?id=${encodeURIComponent(business.id)}`)
        }}
      />
    </PortalPage>
  )
}
