import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const CreateEntityForm = lazyScreen(
  () => import('@/features/government/components/create-entity-form').then((m) => m.CreateEntityForm),
  { count: 6, label: 'Loading the form' },
)
const LocationFields = lazyScreen(() => import('@/features/locations/components/location-fields').then((m) => m.LocationFields), {
  count: 2,
  label: 'Loading the location fields',
})

/** /s/government/createEntity: a new government entity with its state and local government area. */
export default function CreateGovernmentEntityPage() {
  return (
    <PortalPage
      title="Create a government entity"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY] })}
      preload={[CreateEntityForm, LocationFields]}
    >
      <CreateEntityForm locationFields={<LocationFields />} />
    </PortalPage>
  )
}
