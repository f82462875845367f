import { lazyScreen } from '@/components/layouts/lazy-screen'
import { adminArea, PortalPage } from '@/features/account/components/portal-page'
import { PERMISSIONS } from '@/lib/permissions/names'

const ServiceLevelsScreen = lazyScreen(
  () => import('@/features/service-levels/components/service-levels-screen').then((m) => m.ServiceLevelsScreen),
  { count: 5, label: 'Loading the service levels' },
)

/**
 * /s/admin/service-levels: the queues' targets and holidays (GET /service-levels, GET /service-levels/holidays) for any
 * staff member; supervisors (CAN_SUPERVISE_QUEUES) change them.
 */
export default function ServiceLevelsPage() {
  return (
    <PortalPage title="Service levels" access={adminArea({})} preload={[ServiceLevelsScreen]}>
      {({ permissions }) => <ServiceLevelsScreen canEdit={permissions.includes(PERMISSIONS.CAN_SUPERVISE_QUEUES)} />}
    </PortalPage>
  )
}
