import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const EntityList = lazyScreen(() => import('@/features/government/components/entity-list').then((m) => m.EntityList), {
  count: 4,
  label: 'Loading the government entities',
})

/** /s/government/entities: government entities, active or archived, with archive and unarchive. */
export default function GovernmentEntitiesPage() {
  return (
    <PortalPage
      title="Government entities"
      access={adminArea({ required: [PERMISSIONS.CAN_CREATE_GOVERNMENT_ENTITY] })}
      preload={[EntityList]}
    >
      <EntityList />
    </PortalPage>
  )
}
